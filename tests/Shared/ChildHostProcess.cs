using System;
using System.Collections;
using System.Diagnostics;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading.Tasks;

namespace BurstAnalyzers.Tests.Shared;

/// <summary>
/// A test application in a process of its own, with a fresh thread pool at its defaults: a measurement of blocking
/// handlers "without offloading" is only fair on a pool that no earlier test has grown, and the test's own client must
/// not share it. The application prints its address after a known prefix and stops when its standard input closes.
/// Shared by the runtime test projects (linked, one copy): offload, SoapCore offload, the detector, burst-attach.
/// </summary>
internal sealed class ChildHostProcess : IDisposable
{
    private static readonly TimeSpan s_startTimeout = TimeSpan.FromSeconds(60);

    private readonly Process _process;
    private readonly StringBuilder _log = new();

    private readonly string _listeningPrefix;
    private readonly Action<string>? _onOutput;

    private ChildHostProcess(Process process, string listeningPrefix, Action<string>? onOutput)
    {
        _process = process;
        _listeningPrefix = listeningPrefix;
        _onOutput = onOutput;
    }

    public Uri BaseAddress { get; private set; } = null!;

    public int ProcessId => _process.Id;

    /// <param name="application">An assembly of the test application (copied next to the tests).</param>
    /// <param name="listeningPrefix">What the application prints before its address.</param>
    /// <param name="environment">Variables to set for the application (burst-attach's tests turn diagnostics off).</param>
    public static ChildHostProcess Start(System.Reflection.Assembly application, string listeningPrefix, params (string Name, string Value)[] environment)
        => Start(application, listeningPrefix, [], onOutput: null, environment);

    /// <param name="application">An assembly of the test application (copied next to the tests).</param>
    /// <param name="listeningPrefix">What the application prints before its address.</param>
    /// <param name="arguments">The application's command line.</param>
    /// <param name="onOutput">Every other line the application writes to its standard output, as it comes (the
    /// detector's test application writes its log entries there).</param>
    /// <param name="environment">Variables to set for the application.</param>
    public static ChildHostProcess Start(
        System.Reflection.Assembly application, string listeningPrefix, string[] arguments, Action<string>? onOutput, params (string Name, string Value)[] environment)
    {
        string assembly = Path.Combine(AppContext.BaseDirectory, application.GetName().Name + ".dll");
        var startInfo = new ProcessStartInfo(DotNetHost(), ["exec", assembly, .. arguments])
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        // Thread-pool tuning inherited from the environment would change the very thing being measured.
        foreach (DictionaryEntry variable in Environment.GetEnvironmentVariables())
        {
            string name = (string)variable.Key;
            if (name.Contains("ThreadPool", StringComparison.OrdinalIgnoreCase))
            {
                startInfo.Environment.Remove(name);
            }
        }

        foreach ((string name, string value) in environment)
        {
            startInfo.Environment[name] = value;
        }

        var host = new ChildHostProcess(Process.Start(startInfo) ?? throw new InvalidOperationException("The test host did not start."), listeningPrefix, onOutput);
        host.WaitUntilListening();
        return host;
    }

    public void Dispose()
    {
        try
        {
            // Closing its standard input is the host's signal to stop.
            _process.StandardInput.Close();
            if (!_process.WaitForExit(TimeSpan.FromSeconds(15)))
            {
                _process.Kill(entireProcessTree: true);
            }
        }
        finally
        {
            _process.Dispose();
        }
    }

    private static string DotNetHost()
    {
        string? fromCli = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH");
        if (!string.IsNullOrEmpty(fromCli) && File.Exists(fromCli))
        {
            return fromCli;
        }

        // <dotnet root>/shared/Microsoft.NETCore.App/<version>/ is where this runtime lives.
        string executable = RuntimeInformation.IsOSPlatform(OSPlatform.Windows) ? "dotnet.exe" : "dotnet";
        string besideRuntime = Path.GetFullPath(Path.Combine(RuntimeEnvironment.GetRuntimeDirectory(), "..", "..", "..", executable));
        return File.Exists(besideRuntime) ? besideRuntime : executable;
    }

    private void WaitUntilListening()
    {
        _process.ErrorDataReceived += (_, e) =>
        {
            lock (_log)
            {
                _log.AppendLine(e.Data);
            }
        };
        _process.BeginErrorReadLine();

        // Standard output is read to its end, not only up to the address: a child whose pipe fills up would block.
        var listening = new TaskCompletionSource<string?>(TaskCreationOptions.RunContinuationsAsynchronously);
        _ = Task.Run(async () =>
        {
            string? line;
            while ((line = await _process.StandardOutput.ReadLineAsync()) is not null)
            {
                if (!listening.Task.IsCompleted && line.StartsWith(_listeningPrefix, StringComparison.Ordinal))
                {
                    listening.TrySetResult(line[_listeningPrefix.Length..].Trim().Split(' ')[0]);
                }
                else
                {
                    _onOutput?.Invoke(line);
                }
            }

            listening.TrySetResult(null);
        });

        string? address = listening.Task.Wait(s_startTimeout) ? listening.Task.Result : null;
        if (address is null)
        {
            string log;
            lock (_log)
            {
                log = _log.ToString();
            }

            Dispose();
            throw new InvalidOperationException($"The test host did not report its address within {s_startTimeout.TotalSeconds} s. Its error output:\n{log}");
        }

        BaseAddress = new Uri(address);
    }
}
