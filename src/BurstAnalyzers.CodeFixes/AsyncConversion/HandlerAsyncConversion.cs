using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.AsyncConversion;

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
        ICallsToAwait callsToAwait,
        CancellationToken cancellationToken)
    {
        var plan = new ConversionPlan(solution);
        var analyses = new FunctionAnalyses(solution);

        foreach (var diagnostic in diagnostics)
        {
            var calls = await callsToAwait.FindAsync(diagnostic, solution, cancellationToken).ConfigureAwait(false);
            for (var i = 0; i < calls.Length; i++)
            {
                var converted = await TryConvertAsync(solution, calls[i], analyses, plan, cancellationToken).ConfigureAwait(false);
                if (!converted && i == 0)
                {
                    break; // the call the diagnostic names cannot be converted: no fix for it
                }
            }
        }

        return plan.IsEmpty ? null : plan;
    }

    private static async Task<bool> TryConvertAsync(Solution solution, CallToAwait call, FunctionAnalyses analyses, ConversionPlan plan, CancellationToken cancellationToken)
    {
        if (!call.Location.IsInSource || solution.GetDocument(call.Location.SourceTree) is not { } document)
        {
            return false;
        }

        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null
            || model is null
            || call.Rewrite.FindBlockingExpression(root, call.Location.SourceSpan) is not { } blocking
            || call.Rewrite.Analyze(blocking, model, document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider, cancellationToken) is not { } replacement)
        {
            return false;
        }

        var draft = new DraftPlan(solution, analyses);
        if (!await draft.AddAsync(document, blocking, replacement, depth: 0, cancellationToken).ConfigureAwait(false))
        {
            return false;
        }

        plan.Merge(draft);
        return true;
    }
}
