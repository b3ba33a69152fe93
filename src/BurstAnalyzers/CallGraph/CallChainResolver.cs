using System;
using System.Collections.Immutable;
using System.Threading;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.CrossProject;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The resolution half of <see cref="CallChainAnalysis"/> (which decides when a call is judged): which methods of this
/// compilation a call runs, and the first of them, in source order, whose shortest chain to a blocking call fits the
/// depth limit. Owns the call graph of one compilation: the call targets, the method bodies and the summaries. Open
/// calls (calls a project above may close) are recorded only for the export to those projects
/// (<see cref="CrossProject.ChainExport"/>): a project's own handlers need none.
/// </summary>
internal sealed class CallChainResolver
{
    public CallChainResolver(
        RequestHandlerModel handlers,
        Compilation compilation,
        AnalyzerConfigOptionsProvider options,
        ImmutableArray<AdditionalText> additionalFiles,
        Func<bool> wholeCompilation,
        Func<bool> oneDocument,
        bool recordOpenCalls = false)
    {
        Verdict = BlockingVerdict.For(compilation, additionalFiles);
        Carried = new CarriedChains(compilation, options, additionalFiles);
        Bindings = new ServiceBindings(compilation, Carried.Bindings);
        Targets = new CallTargets(compilation, wholeCompilation, Carried.MayBeOtherProject, Bindings);
        Bodies = new MethodBodies(compilation);
        Implementations = new CarriedImplementations(Carried, Targets);
        Closing = new OpenCallClosing(Carried, Targets, Implementations);
        var initializers = new InitializerFacts();
        Summaries = new MethodSummaries(
            new MethodFactsBuilder(Bodies, initializers, Verdict, Targets, handlers.Configuration, options, Carried, Implementations, Closing, recordOpenCalls),
            initializers,
            new FactsAcrossCompilations(compilation, Targets, options),
            oneDocument);
    }

    /// <summary>
    /// Records the facts of a method, or of the initializers a constructor runs, from the operation blocks the analyzer
    /// driver delivers in a whole-compilation analysis, so that resolving at the end binds nothing again.
    /// </summary>
    public void CaptureFacts(ISymbol owner, ImmutableArray<IOperation> blocks)
    {
        switch (owner)
        {
            case IMethodSymbol method when Targets.IsInSource(method):
                Summaries.Capture(method, blocks);
                break;
            case IFieldSymbol or IPropertySymbol:
                Summaries.CaptureInitializer(owner, blocks);
                break;
        }
    }

    /// <summary>Whether an operation blocks: the one answer the direct rules also ask.</summary>
    public BlockingVerdict Verdict { get; }

    public CallTargets Targets { get; }

    /// <summary>Chains that go on in the other projects this one references.</summary>
    public CarriedChains Carried { get; }

    /// <summary>Which implementations dependency injection registers for a service type, here and in those projects.</summary>
    public ServiceBindings Bindings { get; }

    /// <summary>The open calls of those projects' methods that this compilation closes.</summary>
    public OpenCallClosing Closing { get; }

    /// <summary>What those projects' implementations of another project's interface or virtual members carry.</summary>
    public CarriedImplementations Implementations { get; }

    public MethodBodies Bodies { get; }

    public MethodSummaries Summaries { get; }

    /// <summary>The method of this compilation a call runs (as declared), or null: calls into referenced assemblies
    /// belong to the direct rules, and a delegate's Invoke runs whatever lambda it holds — written in the handler, that
    /// lambda is the handler's own code.</summary>
    public IMethodSymbol? SourceTarget(IInvocationOperation invocation)
    {
        var target = invocation.TargetMethod;
        if (target.MethodKind == MethodKind.DelegateInvoke)
        {
            return null;
        }

        var definition = CallTargets.Definition(target);
        return Targets.RunsHere(definition, invocation.IsVirtual) ? definition : null;
    }

    public IMethodSymbol? SourceTarget(IObjectCreationOperation creation)
        => creation.Constructor is { } constructor && Targets.IsInSource(constructor) ? CallTargets.Definition(constructor) : null;

    /// <summary>The accessors of this compilation a property reference runs (none for a referenced assembly's).</summary>
    public CalledMethods Accessors(IPropertyReferenceOperation reference)
    {
        // A property's accessors live where it does: most references are to referenced assemblies' properties, and
        // only another project's may be implemented here.
        if (!Targets.IsInSource(reference.Property) && !(reference.Property.ContainingAssembly is { } declared && Carried.MayBeOtherProject(declared)))
        {
            return default;
        }

        var virtualCall = CallTargets.IsVirtualCall(reference);
        var getter = PropertyAccess.RunsGetter(reference) ? SourceAccessor(reference.Property.GetMethod, virtualCall) : null;
        var setter = PropertyAccess.RunsSetter(reference) ? SourceAccessor(reference.Property.SetMethod, virtualCall) : null;
        if (getter is null && setter is null)
        {
            return default;
        }

        return new CalledMethods(getter, virtualCall, setter, virtualCall);
    }

    private IMethodSymbol? SourceAccessor(IMethodSymbol? accessor, bool virtualCall)
        => accessor is not null && Targets.RunsHere(CallTargets.Definition(accessor), virtualCall) ? CallTargets.Definition(accessor) : null;

    /// <summary>Every blocking call the call reaches within the depth limit (<see cref="MethodSummaries.SitesFrom"/>),
    /// through any method it may run.</summary>
    public ImmutableArray<Location> ReachedSites(CalledMethods called, BurstConfiguration configuration, CancellationToken cancellationToken)
    {
        var targets = ImmutableArray.CreateBuilder<IMethodSymbol>();
        if (called.First is { } first)
        {
            targets.AddRange(Targets.Of(first, called.FirstIsVirtual));
        }

        if (called.Second is { } second)
        {
            targets.AddRange(Targets.Of(second, called.SecondIsVirtual));
        }

        return Summaries.SitesFrom(targets.ToImmutable(), 1 + called.HopsBefore, configuration.MaxCallDepth, cancellationToken);
    }

    /// <summary>The first method the call may run, in source order, whose shortest chain fits the depth limit; null
    /// when none does.</summary>
    public IMethodSymbol? FirstBlockingTarget(CalledMethods called, BurstConfiguration configuration, CancellationToken cancellationToken)
        => (called.First is null ? null : FirstBlockingTarget(called.First, called.FirstIsVirtual, called.HopsBefore, configuration, cancellationToken))
            ?? (called.Second is null ? null : FirstBlockingTarget(called.Second, called.SecondIsVirtual, 0, configuration, cancellationToken));

    /// <summary>The first method, in source order, the call may run whose shortest chain to a blocking call fits the
    /// depth limit with <paramref name="hopsBefore"/> methods of other projects before it; null when none does, or the
    /// method is excluded by configuration.</summary>
    private IMethodSymbol? FirstBlockingTarget(IMethodSymbol method, bool virtualCall, int hopsBefore, BurstConfiguration configuration, CancellationToken cancellationToken)
    {
        if (!configuration.ExcludedApis.IsEmpty && configuration.ExcludedApis.Contains(method))
        {
            return null;
        }

        foreach (var target in Targets.Of(method, virtualCall))
        {
            var summary = Summaries.Get(target, cancellationToken);
            if (summary.Blocks && summary.Depth + hopsBefore <= configuration.MaxCallDepth)
            {
                return target;
            }
        }

        return null;
    }
}
