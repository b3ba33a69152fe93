using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics.Metrics;
using System.Linq;

namespace BurstAnalyzers.Offload.Tests.Infrastructure;

/// <summary>
/// Listens to the "BurstAnalyzers.Offload" instruments of one meter factory (so schedulers of other tests do not
/// interfere): sums counters, keeps histogram values, reads observable instruments on demand.
/// </summary>
internal sealed class OffloadMeterRecorder : IDisposable
{
    private readonly MeterListener _listener = new();
    private readonly ConcurrentDictionary<string, Instrument> _instruments = new();
    private readonly ConcurrentDictionary<string, long> _totals = new();
    private readonly ConcurrentDictionary<string, int> _observed = new();
    private readonly ConcurrentDictionary<string, ConcurrentQueue<double>> _histograms = new();

    public OffloadMeterRecorder(IMeterFactory meterFactory)
    {
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (instrument.Meter.Name == OffloadScheduler.MeterName && ReferenceEquals(instrument.Meter.Scope, meterFactory))
            {
                _instruments[instrument.Name] = instrument;
                listener.EnableMeasurementEvents(instrument);
            }
        };
        _listener.SetMeasurementEventCallback<long>((instrument, value, _, _) =>
            _totals.AddOrUpdate(instrument.Name, value, (_, total) => total + value));
        _listener.SetMeasurementEventCallback<int>((instrument, value, _, _) => _observed[instrument.Name] = value);
        _listener.SetMeasurementEventCallback<double>((instrument, value, _, _) =>
            _histograms.GetOrAdd(instrument.Name, _ => new ConcurrentQueue<double>()).Enqueue(value));
        _listener.Start();
    }

    public IReadOnlyDictionary<string, Instrument> Instruments => _instruments;

    /// <summary>The sum of a counter's measurements so far.</summary>
    public long Total(string counter) => _totals.GetValueOrDefault(counter);

    /// <summary>The current value of an observable instrument.</summary>
    public int Observe(string instrument)
    {
        _listener.RecordObservableInstruments();
        return _observed.TryGetValue(instrument, out int value)
            ? value
            : throw new InvalidOperationException($"No observable instrument named {instrument} was published.");
    }

    /// <summary>The values a histogram recorded so far.</summary>
    public IReadOnlyList<double> Recorded(string histogram) =>
        _histograms.TryGetValue(histogram, out ConcurrentQueue<double>? values) ? values.ToArray() : [];

    public void Dispose() => _listener.Dispose();
}
