using System;
using System.Text.Json;
using BurstAnalyzers.Diagnostics.TestHost;
using BurstAnalyzers.Tests.Shared;

namespace BurstAnalyzers.Diagnostics.Tests.Infrastructure;

/// <summary>
/// The detector's test application in a process of its own (<see cref="ChildHostProcess"/>), with a thread pool at its
/// defaults: how soon the runtime reports starvation depends on how many threads the pool already has, and earlier
/// tests grow this process's pool. Its log entries arrive on its standard output as JSON lines.
/// </summary>
internal sealed class ChildHost : IDisposable
{
    private ChildHostProcess _process = null!;

    private ChildHost()
    {
    }

    public LogRecorder Logs { get; } = new();

    public Uri BaseAddress => _process.BaseAddress;

    public static ChildHost Start(CallSiteCapture capture) => Start(new ChildOptions(capture));

    public static ChildHost Start(ChildOptions options)
    {
        var host = new ChildHost();
        host._process = ChildHostProcess.Start(typeof(DetectorApp).Assembly, Program.ListeningPrefix, [.. options.ToArguments()], host.Read);

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

    public void Dispose() => _process?.Dispose();

    private void Read(string line)
    {
        if (line.StartsWith(Program.LogPrefix, StringComparison.Ordinal))
        {
            Logs.Add(JsonSerializer.Deserialize<LogEntry>(line[Program.LogPrefix.Length..])!);
        }
    }
}
