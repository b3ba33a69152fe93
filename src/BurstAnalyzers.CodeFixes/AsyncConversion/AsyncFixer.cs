using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// Base of every "await it and make the handler async" fix: one code action per diagnostic that the conversion engine
/// can handle safely, and Fix All through the same engine. The default action gives no call the request's cancellation
/// token, so it never changes what the code does; where a token is in scope, a second action "… and observe the
/// request's cancellation" passes it, for the user to choose where stopping on disconnect is wanted (docs/fixes.md).
/// </summary>
public abstract class AsyncFixer : CodeFixProvider
{
    private protected AsyncFixer()
    {
    }

    private protected abstract ICallsToAwait CallsToAwait { get; }

    /// <summary>Title of the code action, also its Fix All title.</summary>
    private protected abstract string Title { get; }

    /// <summary>Suffix of the opt-in action's title and equivalence key.</summary>
    internal const string ObservingCancellationTitle = " and observe the request's cancellation";
    internal const string ObservingCancellationKey = ".ObserveCancellation";

    private string EquivalenceKey => GetType().Name;

    public sealed override FixAllProvider GetFixAllProvider() => new HandlerAsyncFixAllProvider(CallsToAwait, Title);

    public sealed override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics)
        {
            var solution = context.Document.Project.Solution;
            var plan = await HandlerAsyncConversion.PlanAsync(solution, new[] { diagnostic }, CallsToAwait, context.CancellationToken).ConfigureAwait(false);
            if (plan is null)
            {
                // Withheld: if only because a library's public API is kept, say so and offer to allow it.
                var setAside = PublicApiScope.SetAside();
                if (await HandlerAsyncConversion.PlanAsync(solution, new[] { diagnostic }, CallsToAwait, context.CancellationToken, setAside).ConfigureAwait(false) is not null)
                {
                    foreach (var projectId in setAside.WithheldIn)
                    {
                        if (solution.GetProject(projectId) is { } project && PublicApiOption.AllowIn(project) is { } allow)
                        {
                            context.RegisterCodeFix(allow, diagnostic);
                        }
                    }
                }
            }
            else
            {
                context.RegisterCodeFix(CodeAction.Create(Title, plan.ApplyAsync, EquivalenceKey), diagnostic);
                if (plan.CanObserveCancellation)
                {
                    context.RegisterCodeFix(
                        CodeAction.Create(Title + ObservingCancellationTitle, plan.ApplyObservingCancellationAsync, EquivalenceKey + ObservingCancellationKey),
                        diagnostic);
                }
            }
        }
    }
}
