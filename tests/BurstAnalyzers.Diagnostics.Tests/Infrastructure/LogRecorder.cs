using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.Extensions.Logging;

namespace BurstAnalyzers.Diagnostics.Tests.Infrastructure;

/// <summary>Keeps every log entry the detector writes, with its structured fields, for the tests to read.</summary>
internal sealed class LogRecorder : ILoggerProvider
{
    private readonly List<LogEntry> _entries = [];

    public IReadOnlyList<LogEntry> Entries
    {
        get
        {
            lock (_entries)
            {
                return _entries.ToArray();
            }
        }
    }

    public IReadOnlyList<LogEntry> WithEventId(int id) => Entries.Where(e => e.EventId == id).ToArray();

    public ILogger CreateLogger(string categoryName) => new Recorder(this, categoryName);

    public void Dispose()
    {
    }

    private sealed class Recorder(LogRecorder owner, string category) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => category == Reporting.DetectorLog.Category;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (!IsEnabled(logLevel))
            {
                return;
            }

            var fields = (state as IEnumerable<KeyValuePair<string, object?>>)?.ToDictionary(p => p.Key, p => p.Value) ?? [];
            lock (owner._entries)
            {
                owner._entries.Add(new LogEntry(logLevel, eventId.Id, formatter(state, exception), fields));
            }
        }
    }
}

/// <summary>One log entry: level, EventId, the rendered message and the structured fields.</summary>
internal sealed record LogEntry(LogLevel Level, int EventId, string Message, IReadOnlyDictionary<string, object?> Fields)
{
    public string Field(string name) => Fields.TryGetValue(name, out object? value) ? Convert.ToString(value, System.Globalization.CultureInfo.InvariantCulture) ?? "" : "";
}
