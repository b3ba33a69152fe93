using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.CodeFixes.Offload;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Simplification;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// Every edit one fix (or one Fix All) makes, gathered against the original solution and applied in one pass per
/// document: awaits, await using, unwrapped returns, async signatures, new token parameters, WCF contracts.
/// </summary>
internal sealed class ConversionPlan
{
    private readonly Solution _solution;
    private readonly Dictionary<SyntaxNode, AwaitEdit> _awaits = new();
    private readonly Dictionary<SyntaxNode, FunctionEdit> _functions = new();
    private readonly Dictionary<SyntaxNode, string> _renames = new();
    private readonly Dictionary<SyntaxNode, CrefReference> _crefs = new();
    private readonly HashSet<SyntaxNode> _configuringFunctions = new();

    public ConversionPlan(Solution solution) => _solution = solution;

    public bool IsEmpty => _awaits.Count == 0;

    /// <summary>True when some call to await could be given the request's cancellation token: only then is the
    /// opt-in action that observes it offered.</summary>
    public bool CanObserveCancellation
    {
        get
        {
            foreach (var edit in _awaits.Values)
            {
                if (edit.Token is not null)
                {
                    return true;
                }
            }

            return false;
        }
    }

    public void Merge(DraftPlan draft)
    {
        foreach (var pair in draft.Awaits)
        {
            _awaits[pair.Key] = pair.Value;
        }

        // A member one draft changes only in step (awaitless) may be converted with awaits by another: that one wins.
        foreach (var pair in draft.Functions)
        {
            if (!pair.Value.Awaitless || !_functions.ContainsKey(pair.Key))
            {
                _functions[pair.Key] = pair.Value;
            }
        }

        foreach (var pair in draft.Renames)
        {
            _renames[pair.Key] = pair.Value;
        }

        _configuringFunctions.UnionWith(draft.ConfiguringFunctions);

        // Drafts of one Fix All (or one chain's several blocking calls) may rename the same function: one edit each.
        foreach (var cref in draft.Crefs)
        {
            _crefs[cref.Name] = cref;
        }
    }

    /// <summary>
    /// The default conversion: no call is given the request's token. The synchronous code always ran to its end; a
    /// token would stop it half way when the client disconnects, skipping what comes after (saving, applying,
    /// cleaning up) and throwing past catch clauses written for the old exceptions (docs/fixes.md). The default action
    /// and its Fix All never change behaviour.
    /// </summary>
    public Task<Solution> ApplyAsync(CancellationToken cancellationToken) => ApplyAsync(observeCancellation: false, cancellationToken);

    /// <summary>The opt-in conversion: each call is given the request's token where one is in scope (a minimal API
    /// lambda gains a CancellationToken parameter); the user chooses it, knowing the work then stops on disconnect.</summary>
    public Task<Solution> ApplyObservingCancellationAsync(CancellationToken cancellationToken) => ApplyAsync(observeCancellation: true, cancellationToken);

    private async Task<Solution> ApplyAsync(bool observeCancellation, CancellationToken cancellationToken)
    {
        var byDocument = new Dictionary<DocumentId, DocumentEdits>();
        DocumentEdits EditsOf(DocumentId id)
        {
            if (!byDocument.TryGetValue(id, out var edits))
            {
                edits = new DocumentEdits();
                byDocument.Add(id, edits);
            }

            return edits;
        }

        var lambdasGainingToken = new HashSet<SyntaxNode>();
        foreach (var edit in _awaits.Values)
        {
            EditsOf(edit.DocumentId).Awaits.Add(observeCancellation ? edit : edit.WithoutToken());
            if (observeCancellation && edit.Token?.AddParameterTo is { } lambda)
            {
                lambdasGainingToken.Add(lambda);
            }
        }

        foreach (var cref in _crefs.Values)
        {
            EditsOf(cref.DocumentId).Crefs.Add(cref);
        }

        foreach (var function in _functions.Values)
        {
            EditsOf(function.DocumentId).Functions.Add(function);
            foreach (var contract in function.ContractEdits)
            {
                EditsOf(contract.DocumentId).Contracts.Add(contract);
            }
        }

        var solution = _solution;
        foreach (var pair in byDocument)
        {
            if (_solution.GetDocument(pair.Key) is not { } document)
            {
                continue;
            }

            var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
            var usings = UsingDirectives.Existing(editor.OriginalRoot);
            Apply(editor, pair.Value, lambdasGainingToken, _renames, _configuringFunctions);
            var changed = document.WithSyntaxRoot(WithRequiredUsings(editor.GetChangedRoot(), pair.Value));

            // The code action's own clean-up shortens the annotated names; it adds imports only for names that carry a
            // symbol annotation, so the using directives for ours are added here.
            changed = await ImportAdder.AddImportsAsync(changed, Simplifier.AddImportsAnnotation, cancellationToken: cancellationToken).ConfigureAwait(false);
            var root = UsingDirectives.OutOfConditionals((await changed.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false))!, usings);
            solution = solution.WithDocumentSyntaxRoot(pair.Key, root);
        }

        return solution;
    }

    // Inner nodes are edited before the declarations that contain them, so each later edit sees the earlier ones.
    private static void Apply(DocumentEditor editor, DocumentEdits edits, HashSet<SyntaxNode> lambdasGainingToken, Dictionary<SyntaxNode, string> renames, HashSet<SyntaxNode> configuringFunctions)
    {
        foreach (var edit in edits.Awaits)
        {
            if (edit.Replacement.AwaitForEach)
            {
                // The sequence is not awaited: the loop is, and takes the convention's ConfigureAwait on its sequence.
                editor.ReplaceNode(edit.Expression, (current, _) =>
                {
                    var sequence = edit.Replacement.Create((ExpressionSyntax)current, edit.Token?.Expression).WithoutTrivia();
                    return (edit.ConfigureAwait ? TaskSyntax.ConfigureAwaitFalse(sequence) : sequence).WithTriviaFrom(current);
                });
                if (edit.Expression.Parent is CommonForEachStatementSyntax loop)
                {
                    editor.ReplaceNode(loop, (current, _) => AsyncSignature.AwaitForEach(current));
                }

                continue;
            }

            var parenthesize = TaskSyntax.AwaitNeedsParentheses(edit.Expression);
            editor.ReplaceNode(edit.Expression, (current, _) =>
                TaskSyntax.Await(edit.Replacement.Create((ExpressionSyntax)current, edit.Token?.Expression), parenthesize, current, edit.ConfigureAwait));

            if (edit.Replacement.AwaitUsing && UsingOf(edit.Expression) is { } usingNode)
            {
                editor.ReplaceNode(usingNode, (current, _) => AsyncSignature.AwaitUsing(current));
            }
        }

        foreach (var cref in edits.Crefs)
        {
            if (cref.NewName is { } newName)
            {
                editor.ReplaceNode(cref.Name, (current, _) => InvocationRewrites.Renamed((SimpleNameSyntax)current, newName));
            }
        }

        foreach (var function in edits.Functions)
        {
            if (function.Change == SignatureChange.AddAsync)
            {
                ReturnRewriter.Register(editor, function.Declaration, function.ReturnsValue, configuringFunctions.Contains(function.Declaration));
            }
        }

        foreach (var contract in edits.Contracts)
        {
            if (contract.OperationContract is { } attribute && contract.NameToKeep is { } name)
            {
                editor.ReplaceNode(attribute, (current, _) => WcfOperationNames.WithName((AttributeSyntax)current, name));
            }
        }

        // Members of one family or interface converted with awaits each carry the same contract: retyped once.
        var retyped = new HashSet<SyntaxNode>();
        foreach (var contract in edits.Contracts)
        {
            if (contract.Retype != SignatureChange.None && retyped.Add(contract.Declaration))
            {
                editor.ReplaceNode(contract.Declaration, (current, _) => AsyncSignature.Retype((MethodDeclarationSyntax)current, contract.Retype));
            }
        }

        // Both methods of one page filter converted: one base list entry, one edit. A companion method is added only
        // where the synchronous method it would call is not converted itself.
        var converted = new HashSet<SyntaxNode>();
        var baseTypesEdited = new HashSet<SyntaxNode>();
        foreach (var function in edits.Functions)
        {
            converted.Add(function.Declaration);
            if (function.BaseTypeEdit is { } baseTypeEdit && baseTypesEdited.Add(baseTypeEdit.Old))
            {
                editor.ReplaceNode(baseTypeEdit.Old, baseTypeEdit.New);
            }
        }

        foreach (var function in edits.Functions)
        {
            if (function.Companion is { } companion && !converted.Contains(companion.Synchronous))
            {
                editor.InsertAfter(companion.Synchronous, companion.Added);
            }
        }

        foreach (var function in edits.Functions)
        {
            var addToken = lambdasGainingToken.Contains(function.Declaration);
            if (function.Awaitless)
            {
                editor.ReplaceNode(function.Declaration, (current, _) => AsyncSignature.Awaitless(current, function.Change));
                continue;
            }

            renames.TryGetValue(function.Declaration, out var newName);
            editor.ReplaceNode(function.Declaration, (current, _) => AsyncSignature.Completed(AsyncSignature.Renamed(AsyncSignature.MakeAsync(current, function.Change, addToken), newName), function.AddedParameter, function.Tail));
        }
    }

    /// <summary>The using declaration or statement the expression initialises, if it is its only variable.</summary>
    private static SyntaxNode? UsingOf(ExpressionSyntax expression)
    {
        if (expression.Parent is not EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1 } declaration } })
        {
            return null;
        }

        return declaration.Parent switch
        {
            LocalDeclarationStatementSyntax local when local.UsingKeyword.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.UsingKeyword) => local,
            UsingStatementSyntax statement => statement,
            _ => null,
        };
    }

    /// <summary>The using directives of extension counterparts the file did not import (the import adder finds only
    /// names bound to a symbol; an extension method binds only once its namespace is imported).</summary>
    private static SyntaxNode WithRequiredUsings(SyntaxNode root, DocumentEdits edits)
    {
        foreach (var edit in edits.Awaits)
        {
            if (edit.Replacement.RequiredNamespace is { } required && root is CompilationUnitSyntax unit)
            {
                root = UsingDirectives.Ensure(unit, required);
            }

            // An async sequence's ConfigureAwait is an extension method of System.Threading.Tasks.
            if (edit.Replacement.AwaitForEach && edit.ConfigureAwait && root is CompilationUnitSyntax withTasks)
            {
                root = UsingDirectives.Ensure(withTasks, "System.Threading.Tasks");
            }
        }

        return root;
    }

    private sealed class DocumentEdits
    {
        public List<AwaitEdit> Awaits { get; } = new();

        public List<FunctionEdit> Functions { get; } = new();

        public List<ContractEdit> Contracts { get; } = new();

        public List<CrefReference> Crefs { get; } = new();
    }
}
