using Microsoft.CodeAnalysis;

namespace BurstAnalyzers;

/// <summary>All diagnostic descriptors, in one place so ids, titles, categories and help links stay consistent.</summary>
internal static class RuleDescriptors
{
    /// <summary>Every rule's page is docs/rules/{id}.md in the repository; a test checks each link resolves to a file.</summary>
    internal const string HelpLinkBase = "https://github.com/burstanalyzers/BurstAnalyzers/blob/main/docs/rules/";

    private const string Scalability = "Scalability";

    internal static readonly DiagnosticDescriptor ThreadSleep = Create(
        DiagnosticIds.ThreadSleep,
        title: "Thread.Sleep blocks a request thread",
        messageFormat: "'{0}' blocks a thread-pool thread in request handler '{1}'; use 'await Task.Delay' instead",
        Scalability,
        DiagnosticSeverity.Warning,
        description: "A request handler that sleeps holds its thread for the whole delay. Past the pool's minimum, the "
            + "thread pool adds roughly one thread per 0.5-1 s, so a burst of requests queues behind the sleeping ones: "
            + "100 simultaneous 1 s sleeps take about 15 s instead of 1 s. Awaiting Task.Delay releases the thread.");

    internal static string HelpLink(string id) => HelpLinkBase + id + ".md";

    private static DiagnosticDescriptor Create(
        string id,
        string title,
        string messageFormat,
        string category,
        DiagnosticSeverity severity,
        string description)
        => new(id, title, messageFormat, category, severity, isEnabledByDefault: true, description, HelpLink(id));
}
