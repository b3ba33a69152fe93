using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.Fixes;

/// <summary>
/// Everything one diagnostic's fix needs, found by following the change outward: the blocking call becomes an await,
/// its function becomes async, and when that changes the function's return type every call of it becomes an await
/// too, and so on up the callers. All or nothing: if any step cannot be rewritten safely, the attempt fails and the
/// diagnostic gets no fix.
/// </summary>
internal sealed class ConversionAttempt
{
    /// <summary>How deep the fix follows a change, up the callers and down a chain's calls: deep enough for real call
    /// chains; past it, more change than a quick fix should make.</summary>
    public const int MaxCascadeDepth = 16;

    private readonly Solution _solution;
    private readonly ContainerAnalyses _analyses;

    public ConversionAttempt(Solution solution, ContainerAnalyses analyses)
    {
        _solution = solution;
        _analyses = analyses;
    }

    public Dictionary<SyntaxNode, SitePlan> Sites { get; } = new();

    public Dictionary<SyntaxNode, ContainerConversion> Containers { get; } = new();

    /// <summary>Functions that take their <c>...Async</c> name, by declaration.</summary>
    public Dictionary<SyntaxNode, string> Renames { get; } = new();

    /// <summary>Documentation references to the renamed functions.</summary>
    public List<CrefReference> Crefs { get; } = new();

    public async Task<bool> AddAsync(Document document, ExpressionSyntax expression, AwaitableReplacement replacement, int depth, CancellationToken cancellationToken)
    {
        if (depth > MaxCascadeDepth || AwaitContext.FindContainer(expression) is not { } container)
        {
            return false;
        }

        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (model is null)
        {
            return false;
        }

        if (!Containers.ContainsKey(container))
        {
            if (await _analyses.GetAsync(document, model, container, cancellationToken).ConfigureAwait(false) is not { } conversion)
            {
                return false;
            }

            Containers.Add(container, conversion);
            foreach (var function in conversion.AwaitedBy)
            {
                var crefs = new List<CrefReference>();
                var calls = await CallSites.FindAsync(function, _solution, container, model, crefs, cancellationToken).ConfigureAwait(false);
                var own = IsOwnSymbol(function, container, model, cancellationToken);
                if (calls is null
                    || (own && calls.Count == 0 && ConventionMethods.RequireVoid(function))
                    || await _analyses.Names.HasDynamicAccessToAsync(function.Name, cancellationToken).ConfigureAwait(false))
                {
                    return false; // a call the fix cannot await: not found by reference, or by convention
                }

                // A function nothing in the source calls is called from outside, maybe by name: it keeps its name.
                var newName = conversion.ProposedName is { } proposed && own && calls.Count > 0
                    && !await _analyses.Names.IsSpelledAsync(proposed, cancellationToken).ConfigureAwait(false)
                    && await IsFreeAtEveryCallAsync(calls, proposed, cancellationToken).ConfigureAwait(false)
                        ? proposed
                        : null;
                if (newName is not null)
                {
                    Renames[container] = newName;
                    foreach (var cref in crefs)
                    {
                        Crefs.Add(cref.Renaming(newName));
                    }
                }

                var awaitTheCall = newName is null ? AwaitableReplacement.AwaitTheCall : AwaitableReplacement.AwaitTheCallRenamed(newName);
                foreach (var call in calls)
                {
                    if (!Sites.ContainsKey(call.Invocation)
                        && !await AddAsync(call.Document, call.Invocation, awaitTheCall, depth + 1, cancellationToken).ConfigureAwait(false))
                    {
                        return false;
                    }
                }
            }
        }

        var token = replacement.AcceptsCancellationToken ? CancellationTokens.Find(expression, model, cancellationToken) : null;
        Sites[expression] = new SitePlan(document.Id, expression, replacement, token);
        return true;
    }

    /// <summary>The function declared by <paramref name="container"/> itself (not a contract method it implements).</summary>
    private static bool IsOwnSymbol(IMethodSymbol function, SyntaxNode container, SemanticModel model, CancellationToken cancellationToken)
        => SymbolEqualityComparer.Default.Equals(model.GetDeclaredSymbol(container, cancellationToken), function);

    private static async Task<bool> IsFreeAtEveryCallAsync(List<CallSite> calls, string newName, CancellationToken cancellationToken)
    {
        foreach (var call in calls)
        {
            var model = await call.Document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
            if (model is null || !AsyncNames.IsFreeAt(call.Invocation, newName, model, cancellationToken))
            {
                return false;
            }
        }

        return true;
    }
}

/// <summary>Container analyses shared by all attempts of one fix (Fix All analyses each function once).</summary>
internal sealed class ContainerAnalyses
{
    private readonly Dictionary<SyntaxNode, ContainerConversion?> _byContainer = new();

    public ContainerAnalyses(Solution solution) => Names = new SolutionNames(solution);

    /// <summary>The solution's spelled names, read once per fix.</summary>
    public SolutionNames Names { get; }

    public async Task<ContainerConversion?> GetAsync(Document document, SemanticModel model, SyntaxNode container, CancellationToken cancellationToken)
    {
        if (!_byContainer.TryGetValue(container, out var conversion))
        {
            conversion = await ContainerConversion.AnalyzeAsync(document, model, container, cancellationToken).ConfigureAwait(false);
            _byContainer[container] = conversion;
        }

        return conversion;
    }
}
