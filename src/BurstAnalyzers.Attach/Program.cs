using System;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Attach;
using BurstAnalyzers.Attach.Cli;
using BurstAnalyzers.Attach.Target;

// burst-attach <pid|name> [--duration 60s] [--threshold 100ms] [--frames 8] [--output dir]
// Exit codes: 0 report written, 1 bad arguments, 2 cannot attach (the message says why).
if (args is ["--help" or "-h" or "-?"])
{
    Console.WriteLine(AttachOptions.Usage);
    return 0;
}

AttachOptions? options = AttachOptions.Parse(args, out string? error);
if (options is null)
{
    Console.Error.WriteLine(error);
    Console.Error.WriteLine();
    Console.Error.WriteLine(AttachOptions.Usage);
    return 1;
}

using var stop = new CancellationTokenSource();
Console.CancelKeyPress += (_, e) =>
{
    // The first Ctrl+C ends the session and writes the report; a second one kills the tool as usual.
    if (!stop.IsCancellationRequested)
    {
        e.Cancel = true;
        stop.Cancel();
    }
};

try
{
    await new AttachSession(options, Console.Out).RunAsync(stop.Token).ConfigureAwait(false);
    return 0;
}
catch (AttachFailure failure)
{
    Console.Error.WriteLine("burst-attach: " + failure.Message);
    return 2;
}
