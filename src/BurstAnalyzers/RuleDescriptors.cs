using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers;

/// <summary>All diagnostic descriptors, in one place so ids, titles, categories and help links stay consistent.</summary>
internal static class RuleDescriptors
{
    /// <summary>Every rule's page is docs/rules/{id}.md in the repository; a test checks each link resolves to a file.</summary>
    internal const string HelpLinkBase = "https://github.com/burstanalyzers/BurstAnalyzers/blob/main/docs/rules/";

    private const string Scalability = "Scalability";
    private const string Configuration = "Configuration";
    private const string Build = "Build";

    private const string Burst = " Past the pool's minimum, the thread pool adds roughly one thread per 0.5-1 s, so a burst of "
        + "requests queues behind the blocked ones: 100 simultaneous requests to a handler that blocks 1-2 s take 14-65 s instead of 1-2 s.";

    internal static readonly DiagnosticDescriptor ThreadSleep = Create(
        DiagnosticIds.ThreadSleep,
        title: "Thread.Sleep blocks a request thread",
        messageFormat: "'{0}' blocks a thread-pool thread in request handler '{1}'; use '{2}' instead",
        Scalability,
        "A request handler that sleeps holds its thread for the whole delay." + Burst + " Awaiting Task.Delay releases the thread.");

    internal static readonly DiagnosticDescriptor TaskWait = Create(
        DiagnosticIds.TaskWait,
        title: "Synchronous wait on a task",
        messageFormat: "'{0}' waits synchronously for a task in request handler '{1}'; {2} instead",
        Scalability,
        "Task.Wait, .Result and GetAwaiter().GetResult() hold the request thread until the task completes, and the task's own "
            + "continuation may need another pool thread to complete it." + Burst + " Awaiting the task releases the thread.");

    internal static readonly DiagnosticDescriptor SyncIo = Create(
        DiagnosticIds.SyncIo,
        title: "Synchronous I/O that has an async counterpart",
        messageFormat: "'{0}' does synchronous I/O in request handler '{1}'; use '{2}' instead",
        Scalability,
        "Synchronous file, network and database calls hold the request thread while the device works." + Burst
            + " The async counterpart releases the thread until the I/O completes.");

    internal static readonly DiagnosticDescriptor PrimitiveWait = Create(
        DiagnosticIds.PrimitiveWait,
        title: "Blocking wait on a synchronization primitive",
        messageFormat: "'{0}' blocks on a synchronization primitive in request handler '{1}'; use {2} instead",
        Scalability,
        "Waiting on an event, semaphore, monitor or thread holds the request thread until another thread signals it." + Burst
            + " An async signal (SemaphoreSlim.WaitAsync, TaskCompletionSource) releases the thread while waiting.");

    internal static readonly DiagnosticDescriptor BlockingCallChain = Create(
        DiagnosticIds.BlockingCallChain,
        title: "Request handler reaches a blocking call through other methods",
        messageFormat: "Request handler '{0}' reaches a blocking call through other methods: {1}",
        Scalability,
        "The handler calls a method of this project that blocks, itself or further down its calls: a repository, a client "
            + "wrapper, a helper. The request thread is held just the same as if the blocking call were in the handler." + Burst
            + " Making each method on the chain async releases the thread; [OffloadBlocking] moves the handler off the shared pool.");

    internal static readonly DiagnosticDescriptor BlockingApi = Create(
        DiagnosticIds.BlockingApi,
        title: "Blocking call with no async alternative",
        messageFormat: "'{0}' blocks request handler '{1}' and has no async alternative; {2}",
        Scalability,
        "Some calls block and cannot become async (console input, Parallel loops, vendor SDKs without async APIs)." + Burst
            + " Running them on dedicated threads ([OffloadBlocking] from BurstAnalyzers.Offload) keeps the shared pool free.");

    internal static readonly DiagnosticDescriptor ServiceFactory = Create(
        DiagnosticIds.ServiceFactory,
        title: "Blocking call in a service factory",
        messageFormat: "'{0}' blocks in {1}, which runs on the request thread that resolves the service; a factory cannot await: {2}",
        Scalability,
        "The dependency-injection container runs a factory delegate on the thread that resolves the service: for a scoped or "
            + "transient service, the request thread of every request that needs it (a singleton's, once, on the first)." + Burst
            + " A factory cannot await, so the remedy is to create the value at startup, or to give the service an async method "
            + "that does the blocking work where a handler can await it.");

    internal static readonly DiagnosticDescriptor InvalidConfiguration = new(
        DiagnosticIds.InvalidConfiguration,
        title: "Invalid BurstAnalyzers configuration",
        messageFormat: "BurstAnalyzers option '{0}' has an invalid entry '{1}': {2}; the entry is ignored and the rest of the configuration still applies",
        Configuration,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "A BurstAnalyzers option in .editorconfig or a global analyzer config does not parse.",
        helpLinkUri: HelpLink(DiagnosticIds.InvalidConfiguration),
        customTags: WellKnownDiagnosticTags.CompilationEnd);

    internal static readonly DiagnosticDescriptor InvalidBaselineEntry = new(
        DiagnosticIds.InvalidBaselineEntry,
        title: "Invalid BurstAnalyzers baseline entry",
        messageFormat: "{0} line {1}: '{2}' is not a baseline entry: {3}; the line records nothing and the rest of the file still applies",
        Configuration,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "A line of BurstAnalyzers.baseline.txt is neither an entry ('BURSTnnn | member | code'), a comment (#) nor blank.",
        helpLinkUri: HelpLink(DiagnosticIds.InvalidBaselineEntry),
        customTags: WellKnownDiagnosticTags.CompilationEnd);

    internal static readonly DiagnosticDescriptor ProjectWithoutPackage = new(
        DiagnosticIds.ProjectWithoutPackage,
        title: "Request handlers call a project built without BurstAnalyzers",
        messageFormat: "Request handlers call into project '{0}', which does not reference BurstAnalyzers: BURST005 cannot follow their calls into it, so blocking there is not reported; reference the package from every project, in Directory.Build.props",
        Configuration,
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "BURST005 follows a chain into another project of the solution only when that project references the package too: its build carries the chains across. Without it, every chain stops at the call into that project.",
        helpLinkUri: HelpLink(DiagnosticIds.ProjectWithoutPackage),
        customTags: WellKnownDiagnosticTags.CompilationEnd);

    internal static readonly DiagnosticDescriptor CarriedChain = new(
        DiagnosticIds.CarriedChain,
        title: "Blocking chain carried to the projects that reference this library",
        messageFormat: "Calls from other projects run into a blocking call: {0}; their handlers report it as BURST005",
        Build,
        DiagnosticSeverity.Info,
        isEnabledByDefault: true,
        description: "A note a class library's build writes, for each method another project can call that blocks, into the compiler's log, from which the package's build file passes the chain to the projects that reference the library. Not configurable: switch the export off with <BurstAnalyzersCrossProjectChains>false</BurstAnalyzersCrossProjectChains>.",
        helpLinkUri: HelpLink(DiagnosticIds.CarriedChain),
        customTags: new[] { WellKnownDiagnosticTags.CompilationEnd, WellKnownDiagnosticTags.NotConfigurable });

    /// <summary>Every descriptor, in id order: what the generated files are made from (the analysis-mode files, the
    /// README's rule tables; tests/BurstAnalyzers.Tests/Packaging/GeneratedFromDescriptorsTests.cs). Declared after
    /// the descriptors, which static initialisation runs first; that test also checks that none is missing.</summary>
    internal static readonly ImmutableArray<DiagnosticDescriptor> All = ImmutableArray.Create(
        ThreadSleep,
        TaskWait,
        SyncIo,
        PrimitiveWait,
        BlockingCallChain,
        BlockingApi,
        ServiceFactory,
        InvalidConfiguration,
        InvalidBaselineEntry,
        ProjectWithoutPackage,
        CarriedChain);

    /// <summary>The rules that report blocking code (category Scalability, each finding with its baseline identity):
    /// what a baseline records and suppresses.</summary>
    internal static readonly ImmutableArray<DiagnosticDescriptor> Findings = FindingsOf(All);

    internal static string HelpLink(string id) => HelpLinkBase + id + ".md";

    private static ImmutableArray<DiagnosticDescriptor> FindingsOf(ImmutableArray<DiagnosticDescriptor> all)
    {
        var findings = ImmutableArray.CreateBuilder<DiagnosticDescriptor>();
        foreach (var descriptor in all)
        {
            if (descriptor.Category == Scalability)
            {
                findings.Add(descriptor);
            }
        }

        return findings.ToImmutable();
    }

    private static DiagnosticDescriptor Create(string id, string title, string messageFormat, string category, string description)
        => new(id, title, messageFormat, category, DiagnosticSeverity.Warning, isEnabledByDefault: true, description, HelpLink(id));
}
