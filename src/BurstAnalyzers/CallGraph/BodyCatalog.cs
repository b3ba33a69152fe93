using BurstAnalyzers.Blocking;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The blocking catalogue as BURST005 asks it, over the same <see cref="BlockingCatalog"/> the direct rules use, so a
/// call blocks at the end of a chain exactly when it would be reported in a handler. One difference, on purpose: a
/// method of this compilation is judged by its body, not by the name of an <c>...Async</c> sibling, so only calls
/// into referenced assemblies are looked up by counterpart.
/// </summary>
internal sealed class BodyCatalog
{
    private readonly BlockingCatalog _catalog;
    private readonly CounterpartSearches _counterparts;

    public BodyCatalog(Compilation compilation, BlockingCatalog catalog)
    {
        _catalog = catalog;
        _counterparts = CounterpartSearches.For(compilation);
    }

    public DelegateRuns Delegates => _catalog.Delegates;

    /// <summary>The blocking call a method body makes here, or null; null too for an API excluded by configuration.</summary>
    public BlockingCall? InBody(IInvocationOperation invocation, BurstConfiguration configuration, bool calleeInSource)
    {
        var call = _catalog.MatchListed(invocation)
            ?? KnownBlockingApis.MatchConfigured(invocation, configuration)
            ?? (calleeInSource ? null : _counterparts.Match(invocation));
        return IsExcluded(call, configuration) ? null : call;
    }

    public BlockingCall? InBody(IPropertyReferenceOperation reference, BurstConfiguration configuration)
    {
        var call = _catalog.MatchListed(reference) ?? KnownBlockingApis.MatchConfigured(reference, configuration);
        return IsExcluded(call, configuration) ? null : call;
    }

    /// <summary>
    /// The blocking call one operation of a method body makes — a call, or a property read — as a chain ends in it;
    /// null for any other operation. Shared by the facts builder and the chain fix's walk, so both judge alike.
    /// </summary>
    public BlockingCall? InBody(IOperation operation, BurstConfiguration configuration, CallTargets targets) => operation switch
    {
        IInvocationOperation invocation => InBody(invocation, configuration, targets.IsInSource(CallTargets.Definition(invocation.TargetMethod))),
        IPropertyReferenceOperation reference when (PropertyAccess.Of(reference) & PropertyAccessors.Get) != 0 => InBody(reference, configuration),
        _ => null,
    };

    /// <summary>
    /// True when BURST001-004/006 already judge this call in a handler (whether they report it or the API is
    /// excluded): BURST005 must not report the same call again.
    /// </summary>
    public bool IsJudgedDirectly(IOperation operation, BurstConfiguration configuration) => operation switch
    {
        IInvocationOperation invocation => _catalog.MatchListed(invocation) is not null
            || KnownBlockingApis.MatchConfigured(invocation, configuration) is not null
            || _counterparts.Match(invocation) is not null,
        IPropertyReferenceOperation reference => (PropertyAccess.Of(reference) & PropertyAccessors.Get) != 0
            && (_catalog.MatchListed(reference) is not null || KnownBlockingApis.MatchConfigured(reference, configuration) is not null),
        _ => false,
    };

    private static bool IsExcluded(BlockingCall? call, BurstConfiguration configuration)
        => call?.Api is { } api && !configuration.ExcludedApis.IsEmpty && configuration.ExcludedApis.Contains(api);
}
