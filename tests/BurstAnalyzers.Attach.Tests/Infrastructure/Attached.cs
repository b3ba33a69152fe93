using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Attach.Cli;
using BurstAnalyzers.Attach.Reporting;
using Xunit;

namespace BurstAnalyzers.Attach.Tests.Infrastructure;

/// <summary>burst-attach run in this process against another one, until the test stops it; its console output kept.</summary>
internal sealed class Attached : IDisposable
{
    private static readonly TimeSpan s_attachTimeout = TimeSpan.FromSeconds(60);

    private readonly CancellationTokenSource _stop = new();
    private readonly StringWriter _output = new();
    private readonly AttachSession _session;

    private Attached(AttachOptions options)
    {
        OutputDirectory = options.OutputDirectory!;
        _session = new AttachSession(options, TextWriter.Synchronized(_output));
        Run = _session.RunAsync(_stop.Token);
    }

    public Task<(AttachReport Report, string Markdown, string Json)> Run { get; }

    public string OutputDirectory { get; }

    public string Output => _output.ToString();

    /// <summary>Attaches and returns once the sessions are open.</summary>
    public static async Task<Attached> ToAsync(int processId, TimeSpan? duration = null)
    {
        string directory = Path.Combine(Path.GetTempPath(), "burst-attach-tests", Guid.NewGuid().ToString("N"));
        var attached = new Attached(new AttachOptions(processId.ToString(System.Globalization.CultureInfo.InvariantCulture), duration, OutputDirectory: directory));
        Task first = await Task.WhenAny(attached._session.Attached, attached.Run, Task.Delay(s_attachTimeout));
        if (first != attached._session.Attached)
        {
            await first;
            Assert.Fail($"burst-attach did not attach within {s_attachTimeout.TotalSeconds} s:\n{attached.Output}");
        }

        return attached;
    }

    /// <summary>Ends the session as Ctrl+C does, and returns the report.</summary>
    public async Task<AttachReport> StopAsync()
    {
        await _stop.CancelAsync();
        return (await Run).Report;
    }

    public void Dispose()
    {
        _stop.Cancel();
        _stop.Dispose();
        try
        {
            Directory.Delete(OutputDirectory, recursive: true);
        }
        catch (DirectoryNotFoundException)
        {
        }
    }
}
