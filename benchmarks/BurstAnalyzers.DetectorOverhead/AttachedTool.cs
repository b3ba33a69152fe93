using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Attach;
using BurstAnalyzers.Attach.Cli;

namespace BurstAnalyzers.DetectorOverhead;

/// <summary>burst-attach attached to a server for one round (its output discarded, its report in a temporary folder).</summary>
internal sealed class AttachedTool : IAsyncDisposable
{
    private readonly CancellationTokenSource _stop = new();
    private readonly string _directory = Path.Combine(Path.GetTempPath(), "burst-attach-overhead", Guid.NewGuid().ToString("N"));
    private readonly Task _run;

    private AttachedTool(int processId, out AttachSession session)
    {
        session = new AttachSession(new AttachOptions(processId.ToString(System.Globalization.CultureInfo.InvariantCulture), OutputDirectory: _directory), TextWriter.Null);
        _run = session.RunAsync(_stop.Token);
    }

    public static async Task<AttachedTool> StartAsync(int processId)
    {
        var tool = new AttachedTool(processId, out AttachSession session);
        await Task.WhenAny(session.Attached, tool._run);
        await (tool._run.IsCompleted ? tool._run : Task.CompletedTask);
        return tool;
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        await _run;
        _stop.Dispose();
        Directory.Delete(_directory, recursive: true);
    }
}
