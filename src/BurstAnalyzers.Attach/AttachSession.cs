using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Attach.Advice;
using BurstAnalyzers.Attach.Analysis;
using BurstAnalyzers.Attach.Cli;
using BurstAnalyzers.Attach.Reporting;
using BurstAnalyzers.Attach.Target;
using BurstAnalyzers.Attach.Tracing;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Etlx;

namespace BurstAnalyzers.Attach;

/// <summary>
/// One attach, start to report: finds the process, opens the two EventPipe sessions (the wait session symbolized live
/// by TraceEvent's real-time TraceLog, from a rundown of the methods already compiled plus the method loads that follow),
/// prints progress once a second while anything changes, and on Ctrl+C, at the end of the duration or when the target
/// exits, closes the sessions and writes the report.
/// </summary>
internal sealed class AttachSession(AttachOptions options, TextWriter output)
{
    private static readonly TimeSpan s_longestAttributionWait = TimeSpan.FromSeconds(10);
    private static readonly TimeSpan s_quietProgress = TimeSpan.FromSeconds(10);

    private readonly Starvation _starvation = new();
    private readonly Requests _requests = new();
    private readonly BlockingSites _sites = new();
    private readonly HashSet<string> _announced = new(StringComparer.Ordinal);
    private readonly object _say = new();
    private readonly TaskCompletionSource _attached = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Completes once both sessions are open and read (tests start their load then).</summary>
    public Task Attached => _attached.Task;

    public async Task<(AttachReport Report, string Markdown, string Json)> RunAsync(CancellationToken cancel)
    {
        TargetProcess target = TargetProcess.Find(options.Target);
        string? application = ApplicationAssembly(target);
        var client = new DiagnosticsClient(target.Id);
        DateTime started = DateTime.UtcNow;
        Say($"Attaching to process {target.Id} ({target.Name}{(application is null ? "" : ", " + application)}): reading the methods it has compiled...");

        var waits = new WaitEvents(_starvation, options.WaitThreshold, options.MaxFrames, Say);
        EventPipeSession waitSession = Open(() => client.StartEventPipeSession(RuntimeProviders.Waits, requestRundown: false, circularBufferMB: 256), target);
        EventPipeSession? requestSession = null;
        string endedBecause;
        RequestEvents? requestEvents = null;
        try
        {
            TraceLogEventSource waitSource = Open(() => TraceLog.CreateFromEventPipeSession(waitSession, TraceLog.EventPipeRundownConfiguration.Enable(client)), target);
            waits.Subscribe(waitSource);
            requestSession = Open(() => client.StartEventPipeSession(new EventPipeSessionConfiguration(RuntimeProviders.Requests, circularBufferSizeMB: 16, requestRundown: false, requestStackwalk: false)), target);
            var requestSource = new EventPipeEventSource(requestSession.EventStream);
            requestEvents = new RequestEvents(_requests, _starvation);
            requestEvents.Subscribe(requestSource);

            waits.ReadRuntimeVersion(waitSource.TraceLog);
            Task waitReader = Read(waitSource);
            Task requestReader = Read(requestSource);
            Say(options.Duration is { } d
                ? Invariant($"Attached. Watching for {d.TotalSeconds:0} s (Ctrl+C ends it sooner).")
                : "Attached. Watching until Ctrl+C.");
            _attached.TrySetResult();

            endedBecause = await WatchAsync(waits, requestEvents, waitReader, requestReader, cancel).ConfigureAwait(false);
            Stop(waitSession);
            Stop(requestSession);
            await Task.WhenAny(Task.WhenAll(waitReader, requestReader), Task.Delay(TimeSpan.FromSeconds(10), CancellationToken.None)).ConfigureAwait(false);
        }
        finally
        {
            waitSession.Dispose();
            requestSession?.Dispose();
        }

        Attribute(waits.Take(null, TimeSpan.Zero));
        _starvation.Close(DateTime.UtcNow, final: true);
        AttachReport report = Build(target, application, waits, requestEvents?.SawServer == true, started, endedBecause);
        (string markdown, string json) = ReportWriter.Write(report, options.OutputDirectory ?? Directory.GetCurrentDirectory());
        Say("");
        Say(ReportWriter.Summary(report));
        Say($"Report: {markdown}");
        Say($"        {json}");
        return (report, markdown, json);
    }

    private async Task<string> WatchAsync(WaitEvents waits, RequestEvents requestEvents, Task waitReader, Task requestReader, CancellationToken cancel)
    {
        using var deadline = options.Duration is { } d ? new CancellationTokenSource(d) : new CancellationTokenSource();
        using var either = CancellationTokenSource.CreateLinkedTokenSource(cancel, deadline.Token);
        string last = "";
        DateTime lastPrinted = DateTime.MinValue;
        DateTime began = DateTime.UtcNow;
        while (true)
        {
            try
            {
                await Task.Delay(TimeSpan.FromSeconds(1), either.Token).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                return cancel.IsCancellationRequested ? "stopped (Ctrl+C)" : "the duration ended";
            }

            if (waitReader.IsCompleted || requestReader.IsCompleted)
            {
                return "the target process exited (or closed the session)";
            }

            DateTime now = DateTime.UtcNow;
            Attribute(waits.Take(requestEvents.ReadUpTo, s_longestAttributionWait));
            if (_starvation.Current is not null)
            {
                _starvation.InFlight(_requests.InFlight(), now);
            }

            if (_starvation.Close(now) is { } ended)
            {
                Say(Invariant($"Starvation ended after {(ended.End!.Value - ended.Start).TotalSeconds:0.0} s."));
            }

            // A line when something a reader watches changes (not the raw event count: idle threads wait too), else
            // one every 10 s to show it is alive.
            string state = Progress(waits, withEvents: false);
            if (state != last || now - lastPrinted >= s_quietProgress)
            {
                Say(Invariant($"[{(now - began).TotalSeconds,4:0}s] ") + Progress(waits, withEvents: true));
                last = state;
                lastPrinted = now;
            }
        }
    }

    private string Progress(WaitEvents waits, bool withEvents)
    {
        Episode? current = _starvation.Current;
        var all = _sites.Snapshot();
        SiteTotals? top = all.Count > 0 ? all[0] : null;
        return Invariant($"pool {_starvation.ThreadCount:0} threads, {_starvation.QueueLength:0} queued")
            + (current is null ? "" : Invariant($" · STARVING since {current.Start:HH:mm:ss}"))
            + Invariant($" · {_requests.Started} requests")
            + (withEvents ? Invariant($" · {waits.Events} wait events") : "")
            + Invariant($" · {_sites.Count} blocking call site(s)")
            + (top is null ? "" : Invariant($" · most blocked: {top.Site.BlockingCall} from {top.Site.Chain.Split(" <- ")[0]} {top.TotalMilliseconds / 1000:0.0} s"));
    }

    private void Attribute(IEnumerable<CompletedWait> completed)
    {
        foreach (CompletedWait wait in completed)
        {
            string endpoint = _requests.EndpointAt(wait.ThreadId, wait.StartTimestamp);
            _sites.Add(wait.Site, endpoint, (wait.Stop - wait.Start).TotalMilliseconds, _starvation.During(wait.Start, wait.Stop));
            if (_announced.Count < BlockingSites.MaxSites && _announced.Add(wait.Site.Key))
            {
                Say($"Blocking call site: {WaitKinds.Describe(wait.Site.Kind)} in {wait.Site.BlockingCall} from {wait.Site.Chain} ({endpoint}).");
            }
        }
    }

    private AttachReport Build(TargetProcess target, string? application, WaitEvents waits, bool sawServer, DateTime started, string endedBecause)
    {
        var sites = _sites.Snapshot().Select(s =>
        {
            SiteAdvice advice = SiteAdvice.For(s.Site, application);
            return new SiteReport(
                WaitKinds.Describe(s.Site.Kind), s.Site.BlockingCall, s.Site.CodeFrames.Select(f => f.IsGenerated ? "(generated code)" : f.Method + " [" + f.Assembly + "]").ToArray(),
                s.Waits, s.WaitsDuringStarvation, Math.Round(s.TotalMilliseconds, 1), Math.Round(s.LongestMilliseconds, 1),
                s.Endpoints.Select(e => new EndpointWaits(e.Key, e.Value)).ToArray(),
                advice.Owner, advice.Assembly, advice.Rule, advice.LibraryMethod, advice.EditorConfigLine, advice.Text);
        }).ToArray();
        var episodes = _starvation.Episodes().Select(e => new EpisodeReport(
            e.Start, e.End, Math.Round(((e.End ?? e.LastSignal) - e.Start).TotalSeconds, 1), e.Signals.ToDictionary(p => p.Key, p => p.Value),
            e.MostThreads, e.LongestQueue, e.Endpoints.Select(p => new EndpointInFlight(p.Endpoint, p.MostInFlight, Math.Round(p.OldestAge.TotalSeconds, 1))).ToArray())).ToArray();
        var notes = new List<string>
        {
            "Thread.Sleep, synchronous socket and file I/O, and spinning: the runtime raises no wait event for them. Their endpoints are in the starvation episodes above; BURST001/BURST003 find them in source.",
            "Waits on threads that are not the pool's (dedicated threads, [OffloadBlocking] handlers): they do not starve requests.",
            "Endpoints are request paths from Kestrel's events (ids become {id}); a SOAP service (SoapCore, CoreWCF) shows its one path for all operations. IIS in-process hosting and .NET Framework processes are out of reach.",
            "A wait made after an await in the handler runs on another thread than the one that began the request: its endpoint shows as " + Requests.Unknown + ".",
        };
        if (waits.RuntimeMajorVersion is < 9)
        {
            notes.Insert(0, $"The target runs .NET {waits.RuntimeMajorVersion}: wait-handle, Monitor.Wait and task waits are reported by .NET 9 and later only; this report has lock contention and starvation.");
        }

        if (!sawServer)
        {
            notes.Insert(0, "No Kestrel request was seen while attached (no request arrived, or the server is not Kestrel — IIS in-process hosting, HTTP.sys): endpoints are unknown, call sites are still named.");
        }

        if (waits.Dropped > 0 || _sites.WaitsNotKept > 0)
        {
            notes.Add(Invariant($"Memory bound reached: {waits.Dropped + _sites.WaitsNotKept} waits were counted but not kept."));
        }

        return new AttachReport(target.Id, target.Name, application, waits.RuntimeMajorVersion, started, DateTime.UtcNow, endedBecause,
            options.WaitThreshold, episodes, sites, _requests.Started, waits.Events, waits.Dropped + _sites.WaitsNotKept, notes);
    }

    private static string? ApplicationAssembly(TargetProcess target) =>
        TargetProcess.CommandLineAssembly(target.Id) is { } dll ? Path.GetFileNameWithoutExtension(dll)
        : target.Name is "dotnet" or "dotnet.exe" ? null
        : target.Name;

    private static Task Read(TraceEventDispatcher source) =>
        Task.Factory.StartNew(() =>
        {
            try
            {
                source.Process();
            }
            catch (Exception e) when (e is EndOfStreamException or IOException or ObjectDisposedException)
            {
                // The target went away mid-stream.
            }
        }, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);

    private static T Open<T>(Func<T> open, TargetProcess target)
    {
        try
        {
            return open();
        }
        catch (UnauthorizedAccessException e)
        {
            throw new AttachFailure($"Not allowed to attach to process {target.Id} ({target.Name}): run burst-attach as the user the process runs as, or as root/administrator.", e);
        }
        catch (ServerNotAvailableException e)
        {
            throw new AttachFailure($"Process {target.Id} ({target.Name}) did not answer on its diagnostics endpoint: it may have exited, or may not allow diagnostics. ({e.Message})", e);
        }
        catch (UnsupportedCommandException e)
        {
            throw new AttachFailure($"Process {target.Id} ({target.Name}) runs a .NET version whose diagnostics endpoint cannot open these sessions; .NET 8 or later is needed. ({e.Message})", e);
        }
        catch (ServerErrorException e)
        {
            throw new AttachFailure($"Process {target.Id} ({target.Name}) refused the event session: {e.Message}", e);
        }
        catch (Exception e) when (e is IOException or TimeoutException or EndOfStreamException)
        {
            throw new AttachFailure($"Lost process {target.Id} ({target.Name}) while attaching: {e.Message}", e);
        }
    }

    private static void Stop(EventPipeSession? session)
    {
        try
        {
            session?.Stop();
        }
        catch (Exception e) when (e is ServerNotAvailableException or ServerErrorException or IOException or TimeoutException or EndOfStreamException or ObjectDisposedException)
        {
            // Already gone with the target: nothing left to stop.
        }
    }

    private void Say(string line)
    {
        lock (_say)
        {
            output.WriteLine(line);
            output.Flush();
        }
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
