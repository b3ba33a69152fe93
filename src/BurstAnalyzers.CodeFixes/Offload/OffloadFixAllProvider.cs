using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace BurstAnalyzers.CodeFixes.Offload;

/// <summary>Fix All for the offload fix: one [OffloadBlocking] per handler, however many blocking calls it holds.</summary>
internal sealed class OffloadFixAllProvider : FixAllProvider
{
    public override IEnumerable<FixAllScope> GetSupportedFixAllScopes()
        => ImmutableArray.Create(FixAllScope.Document, FixAllScope.Project, FixAllScope.Solution);

    public override Task<CodeAction?> GetFixAsync(FixAllContext fixAllContext)
        => Task.FromResult<CodeAction?>(CodeAction.Create(
            "Offload blocking work to dedicated threads",
            async cancellationToken =>
            {
                var solution = fixAllContext.Solution;
                foreach (var document in DocumentsInScope(fixAllContext))
                {
                    var diagnostics = await fixAllContext.GetDocumentDiagnosticsAsync(document).ConfigureAwait(false);
                    var targets = await OffloadFixer.TargetsAsync(document, diagnostics, cancellationToken).ConfigureAwait(false);
                    if (targets.Count > 0)
                    {
                        var changed = await OffloadFixer.AddAttributeAsync(document, targets, cancellationToken).ConfigureAwait(false);
                        solution = solution.WithDocumentSyntaxRoot(document.Id, (await changed.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!);
                    }
                }

                return solution;
            },
            fixAllContext.CodeActionEquivalenceKey));

    private static IEnumerable<Document> DocumentsInScope(FixAllContext context) => context.Scope switch
    {
        FixAllScope.Document when context.Document is not null => new[] { context.Document },
        FixAllScope.Project => context.Project.Documents,
        FixAllScope.Solution => context.Solution.Projects.SelectMany(p => p.Documents),
        _ => Enumerable.Empty<Document>(),
    };
}
