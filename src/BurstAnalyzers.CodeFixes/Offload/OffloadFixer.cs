using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.AsyncConversion;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Rules;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Simplification;
using Microsoft.CodeAnalysis.Text;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.CodeFixes.Offload;

/// <summary>
/// "Offload blocking work to dedicated threads": adds [OffloadBlocking] (and its using directive) where the offload
/// runtime reads it (<see cref="OffloadTarget"/>), or chains .OffloadBlocking() on a minimal API endpoint, so
/// BurstAnalyzers.Offload runs it on threads that do not come from the shared pool. Offered on every blocking rule —
/// the only fix for BURST006 — when the attribute type resolves in the compilation.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(OffloadFixer)), Shared]
public sealed class OffloadFixer : CodeFixProvider
{
    private const string Title = "Offload blocking work to dedicated threads";

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(
        DiagnosticIds.ThreadSleep, DiagnosticIds.TaskWait, DiagnosticIds.SyncIo, DiagnosticIds.PrimitiveWait, DiagnosticIds.BlockingCallChain, DiagnosticIds.BlockingApi);

    public override FixAllProvider GetFixAllProvider() => new OffloadFixAllProvider();

    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        var document = context.Document;
        foreach (var diagnostic in context.Diagnostics)
        {
            var targets = await TargetsAsync(document, new[] { diagnostic }, context.CancellationToken).ConfigureAwait(false);
            if (targets.Count > 0)
            {
                context.RegisterCodeFix(
                    CodeAction.Create(Title, ct => AddAttributeAsync(document, targets, ct), nameof(OffloadFixer)),
                    diagnostic);
            }
        }
    }

    internal static async Task<List<SyntaxNode>> TargetsAsync(Document document, IEnumerable<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var targets = new List<SyntaxNode>();
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
        {
            return targets;
        }

        foreach (var diagnostic in diagnostics)
        {
            // What the response's serialization runs happens after the action, which is all the runtime moves; a report
            // at a registration is about another project's handler, which this document does not hold.
            if (FixableLocations.IsWrittenWhereReported(diagnostic)
                && !diagnostic.Properties.ContainsKey(ResponseValues.SerializedProperty)
                && !diagnostic.Properties.ContainsKey(CallChainAnalysis.HandlerProjectProperty)
                && CallAt(root, diagnostic.Location.SourceSpan) is { } blocking
                && OffloadTarget.Find(blocking, model, cancellationToken) is { } target
                && !targets.Contains(target))
            {
                targets.Add(target);
            }
        }

        return targets;
    }

    /// <summary>The call a diagnostic points at: an invocation or property access, or for BURST005 also a
    /// <c>new T(...)</c> or a bare property name.</summary>
    private static ExpressionSyntax? CallAt(SyntaxNode root, TextSpan span)
        => InvocationRewrites.FindExpression(root, span)
            ?? (root.FindNode(span, getInnermostNodeForTie: true) is ExpressionSyntax expression && expression.Span == span ? expression : null);

    internal static async Task<Document> AddAttributeAsync(Document document, IReadOnlyList<SyntaxNode> targets, CancellationToken cancellationToken)
    {
        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        foreach (var target in targets)
        {
            editor.ReplaceNode(target, (current, _) => WithAttribute(current));
        }

        var root = editor.GetChangedRoot();
        if (root is CompilationUnitSyntax unit && HasEndpointTarget(targets))
        {
            root = UsingDirectives.Ensure(unit, "BurstAnalyzers.Offload");
        }

        var changed = await ImportAdder.AddImportsAsync(document.WithSyntaxRoot(root), Simplifier.AddImportsAnnotation, cancellationToken: cancellationToken).ConfigureAwait(false);
        var withImports = (await changed.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!;
        return changed.WithSyntaxRoot(UsingDirectives.OutOfConditionals(withImports, UsingDirectives.Existing(editor.OriginalRoot)));
    }

    private static bool HasEndpointTarget(IReadOnlyList<SyntaxNode> targets)
    {
        foreach (var target in targets)
        {
            if (target is InvocationExpressionSyntax)
            {
                return true;
            }
        }

        return false;
    }

    private static SyntaxNode WithAttribute(SyntaxNode target)
    {
        var name = ParseName("global::BurstAnalyzers.Offload.OffloadBlocking").WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        var list = AttributeList(SingletonSeparatedList(Attribute(name)));
        switch (target)
        {
            case MemberDeclarationSyntax member:
                // A handler method, or a page model class. The attribute list takes the member's indentation; the
                // member keeps it after a new line.
                var leading = member.GetLeadingTrivia();
                var indentation = leading.Count > 0 && leading[leading.Count - 1].IsKind(SyntaxKind.WhitespaceTrivia) ? leading[leading.Count - 1] : default;
                var newLine = TriviaList(EndOfLineOf(member));
                return member.AttributeLists.Count > 0
                    ? member.WithAttributeLists(member.AttributeLists.Add(list.WithTrailingTrivia(newLine).WithLeadingTrivia(indentation)))
                    : member.WithoutLeadingTrivia().WithAttributeLists(SingletonList(list.WithLeadingTrivia(leading).WithTrailingTrivia(newLine)))
                        .WithModifiers(WithLeading(member.Modifiers, indentation));
            case InvocationExpressionSyntax registration:
                // app.MapGet(...)  ->  app.MapGet(...).OffloadBlocking()
                return InvocationExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, registration.WithoutTrailingTrivia(), IdentifierName("OffloadBlocking")))
                    .WithTrailingTrivia(registration.GetTrailingTrivia());
            default:
                return target;
        }
    }

    /// <summary>The file's own line ending, so the new line matches its neighbours.</summary>
    private static SyntaxTrivia EndOfLineOf(SyntaxNode node)
    {
        foreach (var trivia in node.DescendantTrivia())
        {
            if (trivia.IsKind(SyntaxKind.EndOfLineTrivia))
            {
                return trivia;
            }
        }

        foreach (var trivia in node.SyntaxTree.GetRoot().DescendantTrivia())
        {
            if (trivia.IsKind(SyntaxKind.EndOfLineTrivia))
            {
                return trivia;
            }
        }

        return EndOfLine("\n");
    }

    /// <summary>The first modifier keeps only the indentation: its other leading trivia (a doc comment) moved to the
    /// attribute list. A member at column 0, a top-level page model class say, has none.</summary>
    private static SyntaxTokenList WithLeading(SyntaxTokenList modifiers, SyntaxTrivia indentation)
        => modifiers.Count == 0
            ? modifiers
            : modifiers.Replace(modifiers[0], modifiers[0].WithLeadingTrivia(indentation == default ? TriviaList() : TriviaList(indentation)));
}
