using System;
using System.Collections;
using System.Diagnostics;
using System.IO;
using System.Text.Json;
using System.Threading.Tasks;
using BurstAnalyzers.Diagnostics.TestHost;
using BurstAnalyzers.Offload.Tests.Infrastructure;

namespace BurstAnalyzers.Diagnostics.Tests.Infrastructure;

/// <summary>
/// The test application in a process of its own, with a thread pool at its defaults: how soon the runtime reports
/// starvation depends on how many threads the pool already has, and earlier tests grow this process's pool. Its log
/// entries arrive as JSON lines; it stops when disposed.
/// </summary>
internal sealed class ChildHost : IDisposable
{
    private static readonly TimeSpan s_startTimeout = TimeSpan.FromSeconds(60);

    private readonly Process _process;
    private readonly TaskCompletionSource<Uri> _listening = new(TaskCreationOptions.RunContinuationsAsynchronously);

    private ChildHost(Process process) => _process = process;

    public LogRecorder Logs { get; } = new();

    public Uri BaseAddress { get; private set; } = null!;

    public static ChildHost Start(CallSiteCapture capture) => Start(new ChildOptions(capture));

    public static ChildHost Start(ChildOptions options)
    {
        string assembly = Path.Combine(AppContext.BaseDirectory, typeof(DetectorApp).Assembly.GetName().Name + ".dll");
        string dotnet = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } fromCli && File.Exists(fromCli)
            ? fromCli
            : Environment.ProcessPath ?? "dotnet";
        var startInfo = new ProcessStartInfo(dotnet, ["exec", assembly, .. options.ToArguments()])
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };
        // Thread-pool tuning inherited from the environment would change the very thing being observed.
        foreach (DictionaryEntry variable in Environment.GetEnvironmentVariables())
        {
            if (((string)variable.Key).Contains("ThreadPool", StringComparison.OrdinalIgnoreCase))
            {
                startInfo.Environment.Remove((string)variable.Key);
            }
        }

        var host = new ChildHost(Process.Start(startInfo) ?? throw new InvalidOperationException("The test host did not start."));
        host._process.OutputDataReceived += (_, e) => host.Read(e.Data);
        host._process.BeginOutputReadLine();
        if (!host._listening.Task.Wait(s_startTimeout))
        {
            host.Dispose();
            throw new InvalidOperationException($"The test host did not report its address within {s_startTimeout.TotalSeconds} s.");
        }

        host.BaseAddress = host._listening.Task.Result;
        // Warm, as a production server is: the first request builds the route matcher.
        SimultaneousRequests.Send(host.Url("/sleep?ms=0"), 1);
        return host;
    }

    public Uri Url(string pathAndQuery) => new(BaseAddress, pathAndQuery);

    /// <summary>What the detector listens to right now, as the test application's <c>/detector/state</c> says.</summary>
    public string DetectorState()
    {
        RequestOutcome outcome = SimultaneousRequests.Send(Url("/detector/state"), 1).Outcomes[0];
        return outcome.Status == 200 ? outcome.Body : throw new InvalidOperationException($"/detector/state: {outcome.Status} {outcome.Body}");
    }

    public void Dispose()
    {
        try
        {
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

    private void Read(string? line)
    {
        if (line is null)
        {
            return;
        }

        if (line.StartsWith(Program.ListeningPrefix, StringComparison.Ordinal))
        {
            _listening.TrySetResult(new Uri(line[Program.ListeningPrefix.Length..]));
        }
        else if (line.StartsWith(Program.LogPrefix, StringComparison.Ordinal))
        {
            Logs.Add(JsonSerializer.Deserialize<LogEntry>(line[Program.LogPrefix.Length..])!);
        }
    }
}
