using System;
using System.Collections.Generic;

namespace BurstAnalyzers.Attach.Reporting;

/// <summary>Everything one attach found, as the Markdown and JSON reports carry it.</summary>
internal sealed record AttachReport(
    int ProcessId,
    string ProcessName,
    string? ApplicationAssembly,
    int? RuntimeMajorVersion,
    DateTime Started,
    DateTime Ended,
    string EndedBecause,
    TimeSpan Threshold,
    IReadOnlyList<EpisodeReport> Episodes,
    IReadOnlyList<SiteReport> Sites,
    long RequestsSeen,
    long EventsRead,
    long WaitsNotKept,
    IReadOnlyList<string> NotReported);

internal sealed record EpisodeReport(
    DateTime Start,
    DateTime? End,
    double Seconds,
    IReadOnlyDictionary<string, int> Signals,
    int MostThreads,
    double LongestQueue,
    IReadOnlyList<EndpointInFlight> Endpoints);

internal sealed record EndpointInFlight(string Endpoint, int MostInFlight, double OldestSeconds);

internal sealed record SiteReport(
    string Kind,
    string BlockingCall,
    IReadOnlyList<string> CallSite,
    int Waits,
    int WaitsDuringStarvation,
    double TotalMilliseconds,
    double LongestMilliseconds,
    IReadOnlyList<EndpointWaits> Endpoints,
    string Owner,
    string? Assembly,
    string? Rule,
    string? LibraryMethod,
    string? EditorConfigLine,
    string Advice);

internal sealed record EndpointWaits(string Endpoint, int Waits);
