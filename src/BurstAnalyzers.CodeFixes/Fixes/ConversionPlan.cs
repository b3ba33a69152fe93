using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Simplification;

namespace BurstAnalyzers.Fixes;

/// <summary>
/// Every edit one fix (or one Fix All) makes, gathered against the original solution and applied in one pass per
/// document: blocking expressions become awaits, their methods become async, WCF contracts follow.
/// </summary>
internal sealed class ConversionPlan
{
    private readonly Solution _solution;
    private readonly IAsyncRewrite _rewrite;
    private readonly Dictionary<DocumentId, DocumentEdits> _edits = new();

    public ConversionPlan(Solution solution, IAsyncRewrite rewrite)
    {
        _solution = solution;
        _rewrite = rewrite;
    }

    public bool IsEmpty => _edits.Count == 0;

    public void AddMethod(MethodConversion method)
    {
        EditsOf(method.DocumentId).Methods.Add(method);
        foreach (var contractEdit in method.ContractEdits)
        {
            EditsOf(contractEdit.DocumentId).Contracts.Add(contractEdit);
        }
    }

    public void AddSite(DocumentId documentId, ExpressionSyntax blocking) => EditsOf(documentId).Sites.Add(blocking);

    public async Task<Solution> ApplyAsync(CancellationToken cancellationToken)
    {
        var solution = _solution;
        foreach (var pair in _edits)
        {
            var document = _solution.GetDocument(pair.Key);
            if (document is null)
            {
                continue;
            }

            var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
            Apply(editor, pair.Value);
            solution = solution.WithDocumentSyntaxRoot(pair.Key, editor.GetChangedRoot());
        }

        // The code action's own clean-up then shortens the annotated names; it adds imports only for names that carry
        // a symbol annotation, so the using directives for ours are added here.
        foreach (var documentId in _edits.Keys)
        {
            if (solution.GetDocument(documentId) is { } changed)
            {
                var withImports = await ImportAdder.AddImportsAsync(changed, Simplifier.AddImportsAnnotation, cancellationToken: cancellationToken).ConfigureAwait(false);
                solution = withImports.Project.Solution;
            }
        }

        return solution;
    }

    // Inner nodes are edited before the declarations that contain them, so each later edit sees the earlier ones.
    private void Apply(DocumentEditor editor, DocumentEdits edits)
    {
        foreach (var site in edits.Sites)
        {
            var parenthesize = TaskSyntax.AwaitNeedsParentheses(site);
            editor.ReplaceNode(site, (current, _) => TaskSyntax.Await(_rewrite.CreateAwaitable((ExpressionSyntax)current), parenthesize, current));
        }

        foreach (var contract in edits.Contracts)
        {
            if (contract.OperationContract is { } attribute && contract.NameToKeep is { } name)
            {
                editor.ReplaceNode(attribute, (current, _) => WcfOperationNames.WithName((AttributeSyntax)current, name));
            }
        }

        foreach (var contract in edits.Contracts)
        {
            if (contract.Retype != SignatureChange.None)
            {
                editor.ReplaceNode(contract.Declaration, (current, _) => AsyncSignature.Retype((MethodDeclarationSyntax)current, contract.Retype));
            }
        }

        foreach (var method in edits.Methods)
        {
            editor.ReplaceNode(method.Declaration, (current, _) => AsyncSignature.MakeAsync((MethodDeclarationSyntax)current, method.Change));
        }
    }

    private DocumentEdits EditsOf(DocumentId documentId)
    {
        if (!_edits.TryGetValue(documentId, out var edits))
        {
            edits = new DocumentEdits();
            _edits.Add(documentId, edits);
        }

        return edits;
    }

    private sealed class DocumentEdits
    {
        public List<ExpressionSyntax> Sites { get; } = new();

        public List<MethodConversion> Methods { get; } = new();

        public List<ContractEdit> Contracts { get; } = new();
    }
}
