using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.Fixes;

/// <summary>
/// The async fix engine shared by every rule: from a set of blocking-call diagnostics to a plan that awaits each call
/// and makes its handler async. Diagnostics that cannot be converted safely are left out; a null plan means no fix.
/// </summary>
internal static class HandlerAsyncConversion
{
    public static async Task<ConversionPlan?> PlanAsync(
        Solution solution,
        IEnumerable<Diagnostic> diagnostics,
        IAsyncRewrite rewrite,
        CancellationToken cancellationToken)
    {
        var plan = new ConversionPlan(solution, rewrite);
        var methods = new Dictionary<MethodDeclarationSyntax, MethodConversion?>();

        foreach (var diagnostic in diagnostics)
        {
            if (!diagnostic.Location.IsInSource || solution.GetDocument(diagnostic.Location.SourceTree) is not { } document)
            {
                continue;
            }

            var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
            var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
            if (root is null
                || model is null
                || rewrite.FindBlockingExpression(root, diagnostic.Location.SourceSpan) is not { } blocking
                || AwaitContext.FindConvertibleMethod(blocking) is not { } declaration
                || !rewrite.CanRewrite(blocking, model, cancellationToken))
            {
                continue;
            }

            if (!methods.TryGetValue(declaration, out var method))
            {
                method = await MethodConversion.AnalyzeAsync(document, model, declaration, cancellationToken).ConfigureAwait(false);
                methods.Add(declaration, method);
                if (method is not null)
                {
                    plan.AddMethod(method);
                }
            }

            if (method is not null)
            {
                plan.AddSite(document.Id, blocking);
            }
        }

        return plan.IsEmpty ? null : plan;
    }
}
