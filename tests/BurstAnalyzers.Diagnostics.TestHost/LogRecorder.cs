using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.Extensions.Logging;

namespace BurstAnalyzers.Diagnostics.TestHost;

/// <summary>Keeps every log entry the detector writes, with its structured fields, for the tests to read.</summary>
public sealed class LogRecorder : ILoggerProvider
{
    public const string Category = "BurstAnalyzers.Diagnostics.BlockingDetector";

    private readonly List<LogEntry> _entries = [];

    /// <summary>Called with each entry as it is written (the child-process host prints it).</summary>
    public Action<LogEntry>? Written { get; set; }

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

    /// <summary>Adds an entry read from a child process.</summary>
    public void Add(LogEntry entry)
    {
        lock (_entries)
        {
            _entries.Add(entry);
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

        public bool IsEnabled(LogLevel logLevel) => category == Category;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (!IsEnabled(logLevel))
            {
                return;
            }

            var fields = (state as IEnumerable<KeyValuePair<string, object?>>)?
                .ToDictionary(p => p.Key, p => Convert.ToString(p.Value, System.Globalization.CultureInfo.InvariantCulture) ?? "") ?? [];
            var entry = new LogEntry(logLevel, eventId.Id, formatter(state, exception), fields);
            lock (owner._entries)
            {
                owner._entries.Add(entry);
            }

            owner.Written?.Invoke(entry);
        }
    }
}

/// <summary>One log entry: level, EventId, the rendered message and the structured fields.</summary>
public sealed record LogEntry(LogLevel Level, int EventId, string Message, IReadOnlyDictionary<string, string> Fields)
{
    public string Field(string name) => Fields.TryGetValue(name, out string? value) ? value : "";
}
