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
    // Deep enough for real call chains; a cascade past it is more change than a quick fix should make.
    private const int MaxCascadeDepth = 16;

    private readonly Solution _solution;
    private readonly ContainerAnalyses _analyses;

    public ConversionAttempt(Solution solution, ContainerAnalyses analyses)
    {
        _solution = solution;
        _analyses = analyses;
    }

    public Dictionary<SyntaxNode, SitePlan> Sites { get; } = new();

    public Dictionary<SyntaxNode, ContainerConversion> Containers { get; } = new();

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
                var calls = await CallSites.FindAsync(function, _solution, container, model, cancellationToken).ConfigureAwait(false);
                if (calls is null)
                {
                    return false;
                }

                foreach (var call in calls)
                {
                    if (!Sites.ContainsKey(call.Invocation)
                        && !await AddAsync(call.Document, call.Invocation, AwaitableReplacement.AwaitTheCall, depth + 1, cancellationToken).ConfigureAwait(false))
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
}

/// <summary>Container analyses shared by all attempts of one fix (Fix All analyses each function once).</summary>
internal sealed class ContainerAnalyses
{
    private readonly Dictionary<SyntaxNode, ContainerConversion?> _byContainer = new();

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
