using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using BurstAnalyzers.Attach.Analysis;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Etlx;

// TimeStampQPC is "discouraged" in favour of per-session relative times; across two sessions only the raw clock agrees.
#pragma warning disable CS0618

namespace BurstAnalyzers.Attach.Tracing;

/// <summary>
/// The wait session's events, on the thread that reads them: each wait's start is trimmed to a call site (once per
/// distinct stack), its stop gives the duration, and waits at least as long as the threshold wait in a queue until the
/// request events that name their endpoint have surely arrived (the other session is read on another thread).
/// Bounded: the stack cache, the waits in progress and the queue have fixed limits; what exceeds them is counted.
/// </summary>
internal sealed class WaitEvents(Starvation starvation, TimeSpan threshold, int maxFrames, Action<string> say)
{
    private const int MaxCachedStacks = 20_000;
    private const int MaxWaitsInProgress = 50_000;
    private const int MaxQueued = 100_000;

    private readonly Dictionary<int, CallSite?> _sites = [];
    private readonly Dictionary<int, (DateTime Start, long StartTimestamp, CallSite Site, bool Contention)> _inProgress = [];
    private readonly ConcurrentQueue<CompletedWait> _completed = new();
    private readonly ModulePaths _paths = new();
    private int _queued;
    private long _events;
    private long _dropped;

    public long Events => Interlocked.Read(ref _events);

    public long Dropped => Interlocked.Read(ref _dropped);

    public int? RuntimeMajorVersion { get; private set; }

    /// <summary>The runtime's version, from the file of its core library among the modules the rundown listed.</summary>
    public void ReadRuntimeVersion(TraceLog log)
    {
        foreach (TraceModuleFile module in log.ModuleFiles)
        {
            if (module.FilePath is { } path && path.EndsWith("System.Private.CoreLib.dll", StringComparison.OrdinalIgnoreCase) && System.IO.File.Exists(path))
            {
                RuntimeMajorVersion ??= System.Diagnostics.FileVersionInfo.GetVersionInfo(path).FileMajorPart;
                return;
            }
        }
    }

    public void Subscribe(TraceLogEventSource source)
    {
        source.Clr.WaitHandleWaitStart += e => Started(e, lockContention: false);
        source.Clr.WaitHandleWaitStop += e => Stopped(e, lockContention: false);
        source.Clr.ContentionStart += e => Started(e, lockContention: true);
        source.Clr.ContentionStop += e => Stopped(e, lockContention: true);
        source.Clr.ThreadPoolWorkerThreadAdjustmentAdjustment += e =>
        {
            Interlocked.Increment(ref _events);
            if (starvation.Adjusted(e.Reason.ToString(), e.NewWorkerThreadCount, e.TimeStamp) is { } episode)
            {
                say($"Thread pool starvation began at {episode.Start:HH:mm:ss} (the runtime added a thread: {e.Reason}, {e.NewWorkerThreadCount} threads).");
            }
        };
    }

    /// <summary>
    /// The waits whose endpoint can be named now: the request events up to their start have arrived (the request
    /// session has delivered an event stamped at or after it: it is read on another thread, and lags more under load),
    /// or they have waited <paramref name="longest"/>; all of them when <paramref name="requestsReadUpTo"/> is null.
    /// </summary>
    public IEnumerable<CompletedWait> Take(long? requestsReadUpTo, TimeSpan longest)
    {
        DateTime giveUp = DateTime.UtcNow - longest;
        while (_completed.TryPeek(out CompletedWait? wait)
            && (requestsReadUpTo is not { } readUpTo || wait.StartTimestamp <= readUpTo || wait.Received < giveUp))
        {
            if (_completed.TryDequeue(out wait))
            {
                Interlocked.Decrement(ref _queued);
                yield return wait;
            }
        }
    }

    private void Started(TraceEvent e, bool lockContention)
    {
        Interlocked.Increment(ref _events);

        // A contended lock raises ContentionStart, then (.NET 9+) a wait-handle wait inside it: one wait, kept as the contention.
        if (!lockContention && _inProgress.TryGetValue(e.ThreadID, out var outer) && outer.Contention)
        {
            return;
        }

        CallSite? site = SiteOf(e, lockContention);
        if (site is null)
        {
            return;
        }

        if (_inProgress.Count >= MaxWaitsInProgress)
        {
            _inProgress.Clear();
        }

        _inProgress[e.ThreadID] = (e.TimeStamp, e.TimeStampQPC, site, lockContention);
    }

    private void Stopped(TraceEvent e, bool lockContention)
    {
        Interlocked.Increment(ref _events);
        if (!_inProgress.TryGetValue(e.ThreadID, out var wait) || wait.Contention != lockContention)
        {
            return;
        }

        _inProgress.Remove(e.ThreadID);

        TimeSpan blocked = e.TimeStamp - wait.Start;
        if (blocked < threshold)
        {
            return;
        }

        if (Interlocked.Increment(ref _queued) > MaxQueued)
        {
            Interlocked.Decrement(ref _queued);
            Interlocked.Increment(ref _dropped);
            return;
        }

        _completed.Enqueue(new CompletedWait(wait.Site, e.ThreadID, wait.Start, wait.StartTimestamp, e.TimeStamp, DateTime.UtcNow));
    }

    private CallSite? SiteOf(TraceEvent e, bool lockContention)
    {
        CallStackIndex index = e.CallStackIndex();
        if (index == CallStackIndex.Invalid)
        {
            return null;
        }

        int key = ((int)index * 2) + (lockContention ? 1 : 0);
        if (_sites.TryGetValue(key, out CallSite? known))
        {
            return known;
        }

        var frames = new List<Frame>();
        for (TraceCallStack? frame = e.CallStack(); frame is not null && frames.Count < 256; frame = frame.Caller)
        {
            TraceCodeAddress address = frame.CodeAddress;
            // The module's file keeps the assembly's spelling; the parser's module name may be lower-cased.
            string? path = _paths.Resolve(address.ModuleFile?.FilePath) ?? address.ModuleFile?.FilePath;
            string assembly = path is { Length: > 0 } ? System.IO.Path.GetFileNameWithoutExtension(path) : address.ModuleName ?? "";
            frames.Add(new Frame(address.FullMethodName ?? "", assembly, path, address.Method?.MethodToken ?? 0));
        }

        CallSite? site = StackTrimmer.Trim(frames, lockContention, maxFrames);
        if (_sites.Count >= MaxCachedStacks)
        {
            _sites.Clear();
        }

        _sites[key] = site;
        return site;
    }
}

/// <summary>A wait longer than the threshold, waiting to be attributed to its endpoint.</summary>
/// <param name="StartTimestamp">
/// The runtime's raw clock at the start (QueryPerformanceCounter, or the monotonic clock on Linux): the same clock in both
/// sessions, where the DateTime each session's parser derives from it may differ by milliseconds — enough to put a
/// request's start after a wait it made microseconds later.
/// </param>
internal sealed record CompletedWait(CallSite Site, int ThreadId, DateTime Start, long StartTimestamp, DateTime Stop, DateTime Received);
