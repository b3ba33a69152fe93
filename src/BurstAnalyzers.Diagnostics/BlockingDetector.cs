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
/// Joins the signals: starvation from the runtime's thread-pool events, the in-flight table for the endpoints, and
/// synchronous task waits for the call sites. Its own thread (not a pool thread, which a starving pool would delay)
/// ends episodes, closes capture windows and stands in for the runtime's events when they never come.
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
    private long _captureUntil;
    private QueueSampler? _fallback;

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

    /// <summary>How long to wait for the runtime's events before falling back to sampling.</summary>
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

        _threadPoolEvents = ThreadPoolEvents.Create(RuntimeSourceName, OnStarvation);
        _taskWaits = new TaskWaitEvents();
        _taskWaits.Configure(_options.BlockingThreshold, OnLongWait);
        if (_options.CallSiteCapture == CallSiteCapture.Always)
        {
            _taskWaits.TurnOn();
        }

        _thread = new Thread(Run) { IsBackground = true, Name = "BurstAnalyzers blocking detector" };
        _thread.Start();
        DetectorLog.Started(_logger, _options.CallSiteCapture, _options.BlockingThreshold.TotalMilliseconds, RuntimeInformation.FrameworkDescription);
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

    /// <summary>On the runtime's event dispatcher thread (or the fallback sampler): the pool added a thread because it starved.</summary>
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

                if (_options.CallSiteCapture == CallSiteCapture.DuringStarvation)
                {
                    _captureUntil = now + (long)(_options.CaptureWindow.TotalSeconds * Stopwatch.Frequency);
                }
            }

            if (newEpisode)
            {
                _metrics.StarvationEpisode();
                if (_options.CallSiteCapture == CallSiteCapture.DuringStarvation && _taskWaits is { IsOn: false } taskWaits)
                {
                    taskWaits.TurnOn();
                    DetectorLog.CaptureOn(_logger, _options.CaptureWindow.TotalSeconds);
                }
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
                _episodeReported = true;
            }

            if (_starvationReports.Allow("starvation", out _))
            {
                DetectorLog.Starvation(_logger, reason, threadCount, ThreadPool.PendingWorkItemCount, string.Join("; ", endpoints));
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
                DetectorLog.BlockingWait(_logger, endpoint, blocked.TotalMilliseconds, site.BlockingCall, site.Frames.Count == 0 ? "(no application frames)" : string.Join(" <- ", site.Frames), site.BlockingAssembly, heldBack, DetectorLog.Advice(site));
            }
        }
        catch (Exception exception)
        {
            DetectorLog.Failure(_logger, nameof(OnLongWait), exception);
        }
    }

    private void Run()
    {
        long started = Stopwatch.GetTimestamp();
        while (!_stopping.Wait(s_tick))
        {
            try
            {
                Tick(started);
            }
            catch (Exception exception)
            {
                DetectorLog.Failure(_logger, nameof(Run), exception);
            }
        }
    }

    private void Tick(long started)
    {
        if (_fallback is null && _threadPoolEvents is { Enabled: false } events && Stopwatch.GetElapsedTime(started) >= EventsDeadline)
        {
            DetectorLog.EventsUnavailable(_logger, events.Failure ?? $"the provider {RuntimeSourceName} did not appear within {EventsDeadline.TotalSeconds:0} s", (int)s_tick.TotalMilliseconds);
            _fallback = new QueueSampler();
        }

        if (_fallback?.Sample() is { } starvedThreads)
        {
            OnStarvation(starvedThreads, StarvationReason.QueueSampling);
        }

        long now = Stopwatch.GetTimestamp();
        bool episodeEnded = false;
        bool closeCapture = false;
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

            closeCapture = _options.CallSiteCapture == CallSiteCapture.DuringStarvation && _captureUntil != 0 && now >= _captureUntil;
            if (closeCapture)
            {
                _captureUntil = 0;
            }
        }

        if (episodeEnded)
        {
            DetectorLog.StarvationEnded(_logger, duration, signals, ThreadPool.ThreadCount);
        }

        if (closeCapture && _taskWaits is not null)
        {
            _taskWaits.TurnOff();
            DetectorLog.CaptureOff(_logger);
        }
    }
}
