using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.CodeFixes;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// The async fix engine shared by every rule: from a set of blocking-call diagnostics to one plan that awaits each
/// call, makes its function async and follows the change through callers and WCF contracts. Diagnostics that cannot
/// be converted safely are left out — a diagnostic whole: every call it stands for, or none; a null plan means no fix.
/// </summary>
internal static class HandlerAsyncConversion
{
    public static async Task<ConversionPlan?> PlanAsync(
        Solution solution,
        IEnumerable<Diagnostic> diagnostics,
        ICallsToAwait callsToAwait,
        CancellationToken cancellationToken,
        PublicApiScope? publicApi = null)
    {
        var plan = new ConversionPlan(solution);
        var analyses = new FunctionAnalyses(solution, publicApi ?? PublicApiScope.Kept());

        var drafts = new List<DraftPlan>();
        foreach (var diagnostic in diagnostics)
        {
            // All or nothing per diagnostic: a fix that converted some of the blocking calls behind a handler's call
            // and left another would leave the call blocking, under a warning that named only the first.
            drafts.Clear();
            if (!FixableLocations.IsWrittenWhereReported(diagnostic))
            {
                continue;
            }

            var calls = await callsToAwait.FindAsync(diagnostic, solution, cancellationToken).ConfigureAwait(false);
            foreach (var call in calls)
            {
                if (await TryConvertAsync(solution, call, analyses, cancellationToken).ConfigureAwait(false) is not { } draft)
                {
                    drafts.Clear();
                    break;
                }

                drafts.Add(draft);
            }

            foreach (var draft in drafts)
            {
                plan.Merge(draft);
            }
        }

        return plan.IsEmpty ? null : plan;
    }

    private static async Task<DraftPlan?> TryConvertAsync(Solution solution, CallToAwait call, FunctionAnalyses analyses, CancellationToken cancellationToken)
    {
        if (!call.Location.IsInSource || solution.GetDocument(call.Location.SourceTree) is not { } document)
        {
            return null;
        }

        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null
            || model is null
            || call.Rewrite.FindBlockingExpression(root, call.Location.SourceSpan) is not { } blocking
            || call.Rewrite.Analyze(blocking, model, document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider, cancellationToken) is not { } replacement)
        {
            return null;
        }

        var draft = new DraftPlan(solution, analyses);
        return await draft.AddAsync(document, blocking, replacement, depth: 0, cancellationToken).ConfigureAwait(false) ? draft : null;
    }
}
