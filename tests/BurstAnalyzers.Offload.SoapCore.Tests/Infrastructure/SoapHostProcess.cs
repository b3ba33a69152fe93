using System;
using System.Collections;
using System.Diagnostics;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.SoapCore.TestHost;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;

/// <summary>
/// The test service in a process of its own, with a fresh thread pool at its defaults: a burst "without offloading" is
/// only a fair figure on a pool no earlier test has grown, and the test's own client must not share it. Stops when disposed.
/// </summary>
internal sealed class SoapHostProcess : IDisposable
{
    private static readonly TimeSpan s_startTimeout = TimeSpan.FromSeconds(60);

    private readonly Process _process;
    private readonly StringBuilder _errors = new();

    private SoapHostProcess(Process process) => _process = process;

    public Uri ServiceAddress { get; private set; } = null!;

    public static SoapHostProcess Start()
    {
        string assembly = Path.Combine(AppContext.BaseDirectory, typeof(SoapTestApp).Assembly.GetName().Name + ".dll");
        var startInfo = new ProcessStartInfo(DotNetHost(), ["exec", assembly])
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

        var host = new SoapHostProcess(Process.Start(startInfo) ?? throw new InvalidOperationException("The SOAP test host did not start."));
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

    /// <summary>The dotnet executable running these tests (the CLI says which), so the host runs on the same runtime.</summary>
    private static string DotNetHost()
    {
        string? fromCli = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH");
        if (!string.IsNullOrEmpty(fromCli) && File.Exists(fromCli))
        {
            return fromCli;
        }

        string executable = RuntimeInformation.IsOSPlatform(OSPlatform.Windows) ? "dotnet.exe" : "dotnet";
        string besideRuntime = Path.GetFullPath(Path.Combine(RuntimeEnvironment.GetRuntimeDirectory(), "..", "..", "..", executable));
        return File.Exists(besideRuntime) ? besideRuntime : executable;
    }

    private void WaitUntilListening()
    {
        _process.ErrorDataReceived += (_, e) =>
        {
            lock (_errors)
            {
                _errors.AppendLine(e.Data);
            }
        };
        _process.BeginErrorReadLine();

        Task<string?> listening = Task.Run(async () =>
        {
            string? line;
            while ((line = await _process.StandardOutput.ReadLineAsync()) is not null)
            {
                if (line.StartsWith(Program.ListeningPrefix, StringComparison.Ordinal))
                {
                    return line[Program.ListeningPrefix.Length..].Trim();
                }
            }

            return null;
        });

        string? address = listening.Wait(s_startTimeout) ? listening.Result : null;
        if (address is null)
        {
            string errors;
            lock (_errors)
            {
                errors = _errors.ToString();
            }

            Dispose();
            throw new InvalidOperationException($"The SOAP test host did not report its address within {s_startTimeout.TotalSeconds} s. Its error output:\n{errors}");
        }

        ServiceAddress = new Uri(address);
    }
}
