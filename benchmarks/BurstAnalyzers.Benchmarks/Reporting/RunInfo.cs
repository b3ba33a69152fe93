using System;
using System.Collections.Generic;

namespace BurstAnalyzers.Benchmarks.Reporting;

/// <summary>How and where a benchmark ran: printed above the tables so numbers are never read without it.</summary>
internal sealed record RunInfo(
    string CommandLine,
    DateTime StartedUtc,
    string Machine,
    string? LoadAtStart,
    string Roslyn,
    string References,
    int Seed,
    bool Concurrent,
    IReadOnlyList<string> AnalyzerOrigins)
{
    public string? LoadAtEnd { get; init; }
}
