using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// Fix All for the async fixes. The default batch fixer merges per-document text changes and cannot keep a WCF contract
/// in another document in step, so every diagnostic in scope goes through one conversion plan instead. The action chosen
/// decides whether the calls are given the request's token: the default never, the opt-in one where in scope.
/// </summary>
internal sealed class HandlerAsyncFixAllProvider : FixAllProvider
{
    private readonly ICallsToAwait _callsToAwait;
    private readonly string _title;

    public HandlerAsyncFixAllProvider(ICallsToAwait callsToAwait, string title)
    {
        _callsToAwait = callsToAwait;
        _title = title;
    }

    public override IEnumerable<FixAllScope> GetSupportedFixAllScopes()
        => ImmutableArray.Create(FixAllScope.Document, FixAllScope.Project, FixAllScope.Solution);

    public override async Task<CodeAction?> GetFixAsync(FixAllContext fixAllContext)
    {
        var diagnostics = await DiagnosticsInScopeAsync(fixAllContext).ConfigureAwait(false);
        var plan = await HandlerAsyncConversion.PlanAsync(fixAllContext.Solution, diagnostics, _callsToAwait, fixAllContext.CancellationToken).ConfigureAwait(false);
        if (plan is null)
        {
            return null;
        }

        var observing = fixAllContext.CodeActionEquivalenceKey?.EndsWith(AsyncFixer.ObservingCancellationKey, System.StringComparison.Ordinal) == true;
        return observing
            ? CodeAction.Create(_title + AsyncFixer.ObservingCancellationTitle, plan.ApplyObservingCancellationAsync, fixAllContext.CodeActionEquivalenceKey)
            : CodeAction.Create(_title, plan.ApplyAsync, fixAllContext.CodeActionEquivalenceKey);
    }

    private static async Task<IEnumerable<Diagnostic>> DiagnosticsInScopeAsync(FixAllContext context)
    {
        switch (context.Scope)
        {
            case FixAllScope.Document when context.Document is not null:
                return await context.GetDocumentDiagnosticsAsync(context.Document).ConfigureAwait(false);
            case FixAllScope.Project:
                return await context.GetAllDiagnosticsAsync(context.Project).ConfigureAwait(false);
            case FixAllScope.Solution:
                var all = new List<Diagnostic>();
                foreach (var project in context.Solution.Projects)
                {
                    all.AddRange(await context.GetAllDiagnosticsAsync(project).ConfigureAwait(false));
                }

                return all;
            default:
                return ImmutableArray<Diagnostic>.Empty;
        }
    }
}
