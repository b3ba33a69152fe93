using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Fixes;

/// <summary>
/// The async fix engine shared by every rule: from a set of blocking-call diagnostics to one plan that awaits each
/// call, makes its function async and follows the change through callers and WCF contracts. Diagnostics that cannot
/// be converted safely are left out; a null plan means no fix.
/// </summary>
internal static class HandlerAsyncConversion
{
    public static async Task<ConversionPlan?> PlanAsync(
        Solution solution,
        IEnumerable<Diagnostic> diagnostics,
        IBlockingTargets targets,
        CancellationToken cancellationToken)
    {
        var plan = new ConversionPlan(solution);
        var analyses = new ContainerAnalyses();

        foreach (var diagnostic in diagnostics)
        {
            if (targets.Of(diagnostic) is not { } target
                || !target.Location.IsInSource
                || solution.GetDocument(target.Location.SourceTree) is not { } document)
            {
                continue;
            }

            var rewrite = target.Rewrite;

            var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
            var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
            if (root is null
                || model is null
                || rewrite.FindBlockingExpression(root, target.Location.SourceSpan) is not { } blocking
                || rewrite.Analyze(blocking, model, cancellationToken) is not { } replacement)
            {
                continue;
            }

            var attempt = new ConversionAttempt(solution, analyses);
            if (await attempt.AddAsync(document, blocking, replacement, depth: 0, cancellationToken).ConfigureAwait(false))
            {
                plan.Merge(attempt);
            }
        }

        return plan.IsEmpty ? null : plan;
    }
}
