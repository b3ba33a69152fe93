using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Diagnostics.Reporting;
using BurstAnalyzers.Diagnostics.Requests;
using BurstAnalyzers.Diagnostics.Runtime;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

// The detector observes the application; a fault in it is logged and must never reach a request or the host.
#pragma warning disable CA1031

namespace BurstAnalyzers.Diagnostics;

/// <summary>
/// Joins the signals: starvation from the queue-delay probe (and the runtime's thread-pool events, while they are
/// listened to), the in-flight table for the endpoints, and synchronous task waits for the call sites. Its own thread
/// (not a pool thread, which a starving pool would delay) runs the probe, ends episodes and closes the windows that a
/// starvation signal opens.
/// </summary>
internal sealed class BlockingDetector : IHostedService, IDisposable
{
    private static readonly TimeSpan s_tick = TimeSpan.FromMilliseconds(250);

    private readonly BlockingDetectorOptions _options;
    private readonly InFlightRequests _requests;
    private readonly DetectorMetrics _metrics;
    private readonly ILogger _logger;
    private readonly ReportThrottle _waitReports;
    private readonly ReportThrottle _starvationReports;
    private readonly object _gate = new();
    private readonly ManualResetEventSlim _stopping = new();

    private ThreadPoolEvents? _threadPoolEvents;
    private TaskWaitEvents? _taskWaits;
    private Thread? _thread;
    private bool _episodeActive;
    private bool _episodeReported;
    private long _episodeStart;
    private long _lastSignal;
    private int _signals;
    private long _windowUntil;
    private long _runtimeEventsRequested;
    private bool _runtimeEventsChecked;
    private QueueDelayProbe? _probe;

    public BlockingDetector(IOptions<BlockingDetectorOptions> options, InFlightRequests requests, DetectorMetrics metrics, ILoggerFactory loggerFactory)
    {
        _options = options.Value;
        _requests = requests;
        _metrics = metrics;
        _logger = loggerFactory.CreateLogger(DetectorLog.Category);
        _waitReports = new ReportThrottle(_options.ReportInterval, _options.MaxTrackedSites);
        _starvationReports = new ReportThrottle(_options.ReportInterval, 1);
    }

    /// <summary>The runtime provider to listen to; tests replace it with one that never appears.</summary>
    internal string RuntimeSourceName { get; set; } = ThreadPoolEvents.RuntimeSourceName;

    /// <summary>How long the runtime's provider may take to appear once its events are asked for.</summary>
    internal TimeSpan EventsDeadline { get; set; } = TimeSpan.FromSeconds(5);

    /// <summary>True while call sites of synchronous task waits are being captured.</summary>
    internal bool CapturingCallSites => _taskWaits?.IsOn == true;

    public Task StartAsync(CancellationToken cancellationToken)
    {
        if (!_options.Enabled)
        {
            DetectorLog.Disabled(_logger);
            return Task.CompletedTask;
        }

        _probe = new QueueDelayProbe(_options.StarvationThreshold);
        if (_options.RuntimeEvents != RuntimeEvents.Off)
        {
            _threadPoolEvents = ThreadPoolEvents.Create(RuntimeSourceName, OnRuntimeStarvation);
            if (_options.RuntimeEvents == RuntimeEvents.Always)
            {
                TurnOnRuntimeEvents();
            }
        }

        _taskWaits = new TaskWaitEvents();
        _taskWaits.Configure(_options.BlockingThreshold, OnLongWait);
        if (_options.CallSiteCapture == CallSiteCapture.Always)
        {
            _requests.AttributeWaits = true;
            _taskWaits.TurnOn();
        }

        _thread = new Thread(Run) { IsBackground = true, Name = "BurstAnalyzers blocking detector" };
        _thread.Start();
        DetectorLog.Started(_logger, _options.StarvationThreshold.TotalMilliseconds, _options.RuntimeEvents, _options.CallSiteCapture, _options.BlockingThreshold.TotalMilliseconds, RuntimeInformation.FrameworkDescription);
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken)
    {
        _stopping.Set();
        _thread?.Join(TimeSpan.FromSeconds(5));
        _taskWaits?.Dispose();
        _threadPoolEvents?.Dispose();
        return Task.CompletedTask;
    }

    public void Dispose()
    {
        _stopping.Set();
        _taskWaits?.Dispose();
        _threadPoolEvents?.Dispose();
        _stopping.Dispose();
    }

    /// <summary>True while the runtime's thread-pool events are listened to.</summary>
    internal bool ListeningToRuntimeEvents => _threadPoolEvents?.IsOn == true;

    /// <summary>True once the runtime's provider accepted the subscription.</summary>
    internal bool RuntimeEventsSubscribed => _threadPoolEvents?.Enabled == true;

    /// <summary>
    /// On the runtime's event dispatcher thread: the pool added a thread because it starved. A signal of its own only
    /// with <see cref="RuntimeEvents.Always"/>; listened to during an episode, the events are counted (by
    /// <see cref="ThreadPoolEvents"/>) and must not keep the window they are listened in open.
    /// </summary>
    private void OnRuntimeStarvation(int threadCount, StarvationReason reason)
    {
        if (_options.RuntimeEvents == RuntimeEvents.Always)
        {
            OnStarvation(threadCount, reason);
        }
    }

    /// <summary>On the detector's thread (the probe) or the runtime's event dispatcher thread: a starvation signal.</summary>
    private void OnStarvation(int threadCount, StarvationReason reason)
    {
        try
        {
            bool newEpisode;
            bool reported;
            lock (_gate)
            {
                long now = Stopwatch.GetTimestamp();
                newEpisode = !_episodeActive;
                _episodeActive = true;
                _lastSignal = now;
                _signals = newEpisode ? 1 : _signals + 1;
                if (newEpisode)
                {
                    _episodeStart = now;
                    _episodeReported = false;
                }

                reported = _episodeReported;

                if (HasStarvationWindow)
                {
                    _windowUntil = now + (long)(_options.CaptureWindow.TotalSeconds * Stopwatch.Frequency);
                }
            }

            if (newEpisode)
            {
                _metrics.StarvationEpisode();
            }

            // On every signal, not only an episode's first: a window closed inside a long episode opens again.
            if (_options.CallSiteCapture == CallSiteCapture.DuringStarvation && _taskWaits is { IsOn: false } taskWaits)
            {
                // Requests that enter from now on can be named in a wait; those already blocked are in the starvation report.
                _requests.AttributeWaits = true;
                taskWaits.TurnOn();
                DetectorLog.CaptureOn(_logger, _options.CaptureWindow.TotalSeconds);
            }

            if (_options.RuntimeEvents == RuntimeEvents.DuringStarvation && _threadPoolEvents is { IsOn: false })
            {
                TurnOnRuntimeEvents();
            }

            // One report per episode, and only once requests are in flight: starvation by background work alone is not
            // this detector's to explain, and the next signal of the episode may find the requests it starves.
            if (reported)
            {
                return;
            }

            List<EndpointInFlight> endpoints = _requests.ByEndpoint(_options.MaxEndpointsPerReport);
            if (endpoints.Count == 0)
            {
                return;
            }

            lock (_gate)
            {
                // The probe and the runtime's dispatcher may both get here for one episode: one of them reports.
                if (_episodeReported)
                {
                    return;
                }

                _episodeReported = true;
            }

            if (_starvationReports.Allow("starvation", out _))
            {
                DetectorLog.Starvation(_logger, reason, _probe?.Waiting.TotalMilliseconds ?? 0, threadCount, ThreadPool.PendingWorkItemCount, string.Join("; ", endpoints));
            }
        }
        catch (Exception exception)
        {
            DetectorLog.Failure(_logger, nameof(OnStarvation), exception);
        }
    }

    /// <summary>On the waiting thread, inside the wait call: a synchronous task wait lasted past the threshold.</summary>
    private void OnLongWait(TimeSpan blocked)
    {
        try
        {
            // Only waits that hold a pool thread on behalf of a request; an offloaded handler runs on its own thread.
            if (!Thread.CurrentThread.IsThreadPoolThread || InFlightRequest.Current is not { } request || request.DescribeEndpoint() is not { } endpoint)
            {
                return;
            }

            _metrics.Blocked(blocked, endpoint);
            CallSite site = CallSite.From(new StackTrace(1, fNeedFileInfo: false), _options.MaxFrames, request.HandlerAssembly());
            if (_waitReports.Allow(endpoint + " | " + site.Key, out int heldBack))
            {
                DetectorLog.BlockingWait(_logger, endpoint, blocked.TotalMilliseconds, site.BlockingCall, site.Frames.Count == 0 ? "(no application frames)" : string.Join(" <- ", site.Frames), DetectorLog.AssemblyOf(site), heldBack, DetectorLog.Advice(site));
            }
        }
        catch (Exception exception)
        {
            DetectorLog.Failure(_logger, nameof(OnLongWait), exception);
        }
    }

    private void Run()
    {
        while (!_stopping.Wait(s_tick))
        {
            try
            {
                Tick();
            }
            catch (Exception exception)
            {
                DetectorLog.Failure(_logger, nameof(Run), exception);
            }
        }
    }

    private void Tick()
    {
        if (_probe?.Tick() is not null)
        {
            OnStarvation(ThreadPool.ThreadCount, StarvationReason.QueueDelay);
        }

        CheckRuntimeEvents();

        long now = Stopwatch.GetTimestamp();
        bool episodeEnded = false;
        bool closeWindow = false;
        double duration = 0;
        int signals = 0;
        lock (_gate)
        {
            if (_episodeActive && Stopwatch.GetElapsedTime(_lastSignal, now) >= _options.EpisodeEndDelay)
            {
                _episodeActive = false;
                episodeEnded = true;
                duration = Stopwatch.GetElapsedTime(_episodeStart, _lastSignal).TotalSeconds;
                signals = _signals;
            }

            closeWindow = HasStarvationWindow && _windowUntil != 0 && now >= _windowUntil;
            if (closeWindow)
            {
                _windowUntil = 0;
            }
        }

        if (episodeEnded)
        {
            // Counted only while the runtime's events were listened to; with RuntimeEvents.Off they stay zero.
            (int starvation, int cooperative) = _threadPoolEvents?.TakeInjections() ?? default;
            DetectorLog.StarvationEnded(_logger, duration, signals, ThreadPool.ThreadCount, _options.RuntimeEvents, starvation, cooperative);
        }

        if (!closeWindow)
        {
            return;
        }

        if (_options.CallSiteCapture == CallSiteCapture.DuringStarvation && _taskWaits is not null)
        {
            _requests.AttributeWaits = false;
            _taskWaits.TurnOff();
            DetectorLog.CaptureOff(_logger);
        }

        if (_options.RuntimeEvents == RuntimeEvents.DuringStarvation)
        {
            _threadPoolEvents?.TurnOff();
        }
    }

    /// <summary>Whether anything is switched on for a while after each starvation signal.</summary>
    private bool HasStarvationWindow
        => _options.CallSiteCapture == CallSiteCapture.DuringStarvation || _options.RuntimeEvents == RuntimeEvents.DuringStarvation;

    private void TurnOnRuntimeEvents()
    {
        Interlocked.CompareExchange(ref _runtimeEventsRequested, Stopwatch.GetTimestamp(), 0);
        _threadPoolEvents?.TurnOn();
    }

    /// <summary>Once, the first time the runtime's events were asked for: say so if they never came.</summary>
    private void CheckRuntimeEvents()
    {
        long requested = Interlocked.Read(ref _runtimeEventsRequested);
        if (_runtimeEventsChecked || requested == 0 || _threadPoolEvents is not { } events)
        {
            return;
        }

        if (events.Enabled)
        {
            _runtimeEventsChecked = true;
        }
        else if (events.Failure is not null || Stopwatch.GetElapsedTime(requested) >= EventsDeadline)
        {
            _runtimeEventsChecked = true;
            DetectorLog.EventsUnavailable(_logger, events.Failure ?? $"the provider {RuntimeSourceName} did not appear within {EventsDeadline.TotalSeconds:0.#} s");
        }
    }
}
