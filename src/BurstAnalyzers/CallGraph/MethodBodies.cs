using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The operation trees of a method declared in this compilation, wherever it is written: its body (the implementing
/// part of a partial method), a local function's body, a property accessor's body or arrow, and for a constructor the
/// instance field and property initializers it runs (in every part of a partial class). Callees live in other trees
/// than the handler being analysed, so their operations come from a semantic model of their own tree: one per tree,
/// created on first use and kept for the compilation.
/// </summary>
internal sealed class MethodBodies
{
    private readonly Compilation _compilation;
    private readonly ConcurrentDictionary<SyntaxTree, SemanticModel> _models = new();
    private readonly Func<SyntaxTree, SemanticModel> _createModel;

    public MethodBodies(Compilation compilation)
    {
        _compilation = compilation;
        _createModel = CreateModel;
    }

    /// <summary>Adds the roots to walk for <paramref name="method"/> (an original definition) to <paramref name="roots"/>:
    /// its body, and for a constructor the initializers it runs.</summary>
    public void Collect(IMethodSymbol method, List<IOperation> roots, CancellationToken cancellationToken)
    {
        if (!CollectBody(method, roots, cancellationToken))
        {
            return;
        }

        var initializers = new List<SyntaxNode>();
        CollectInitializers(method.ContainingType, initializers, cancellationToken);
        foreach (var initializer in initializers)
        {
            if (Bind(initializer, cancellationToken) is { } operation)
            {
                roots.Add(operation);
            }
        }
    }

    /// <summary>
    /// Adds the roots of <paramref name="method"/>'s own body to <paramref name="roots"/>. True for an instance
    /// constructor that runs its type's instance initializers after it (see <see cref="CollectInitializers"/>): new T()
    /// runs them unless the constructor hands over to another one with this(...).
    /// </summary>
    public bool CollectBody(IMethodSymbol method, List<IOperation> roots, CancellationToken cancellationToken)
    {
        var implementation = method.PartialImplementationPart ?? method;
        var chainsToThis = false;
        foreach (var reference in implementation.DeclaringSyntaxReferences)
        {
            var syntax = reference.GetSyntax(cancellationToken);
            chainsToThis |= syntax is ConstructorDeclarationSyntax { Initializer: { } initializer } && initializer.ThisOrBaseKeyword.IsKind(SyntaxKind.ThisKeyword);
            if (!HasBody(syntax))
            {
                continue;
            }

            switch (Bind(syntax, cancellationToken))
            {
                case ILocalFunctionOperation { Body: { } body }:
                    roots.Add(body);
                    break;
                case ILocalFunctionOperation:
                case null:
                    break;
                case { } operation:
                    roots.Add(operation);
                    break;
            }
        }

        return method.MethodKind == MethodKind.Constructor && !method.IsStatic && !chainsToThis;
    }

    /// <summary>
    /// The instance field and property initializers (their <c>= value</c> clauses) of <paramref name="type"/>, in
    /// every part of a partial class, in member order: the code a constructor runs before its body.
    /// </summary>
    public static void CollectInitializers(INamedTypeSymbol type, List<SyntaxNode> initializers, CancellationToken cancellationToken)
    {
        foreach (var member in type.GetMembers())
        {
            if (!RunsInitializer(member))
            {
                continue;
            }

            foreach (var reference in member.DeclaringSyntaxReferences)
            {
                var initializer = reference.GetSyntax(cancellationToken) switch
                {
                    VariableDeclaratorSyntax variable => variable.Initializer,
                    PropertyDeclarationSyntax property => property.Initializer,
                    _ => null,
                };

                if (initializer is not null)
                {
                    initializers.Add(initializer);
                }
            }
        }
    }

    /// <summary>A member whose initializer the instance constructors run: an instance field or property written in source.</summary>
    public static bool RunsInitializer(ISymbol member)
        => !member.IsStatic && !member.IsImplicitlyDeclared && member is IFieldSymbol or IPropertySymbol;

    /// <summary>
    /// Uses the analyser driver's model of the document being analysed for its tree: the driver has bound the
    /// document's bodies on it already, so a method of that document called from a handler is read from its cache, not
    /// bound again on a model of our own. (A build delivers those bodies to <see cref="MethodSummaries.Capture"/>; an
    /// editor's one-document request does not, and calls are judged before their callees' blocks would arrive.)
    /// </summary>
    public void Offer(SemanticModel? model)
    {
        if (model is not null && !model.IsSpeculativeSemanticModel && model.Compilation == _compilation)
        {
            _models.TryAdd(model.SyntaxTree, model);
        }
    }

    /// <summary>The operation of a body or an initializer, bound on a model of its own tree.</summary>
    public IOperation? Bind(SyntaxNode syntax, CancellationToken cancellationToken)
        => ModelFor(syntax.SyntaxTree).GetOperation(syntax, cancellationToken);

    /// <summary>
    /// Declarations that can hold code to walk. Auto-property accessors, abstract, extern and partial definitions have
    /// none; a type declaration stands for a primary constructor or a record's generated members, whose code (base
    /// arguments, parameter captures) is not followed. Skipping them spares creating a member model for nothing.
    /// </summary>
    private static bool HasBody(SyntaxNode syntax) => syntax switch
    {
        BaseMethodDeclarationSyntax method => method.Body is not null || method.ExpressionBody is not null
            || method is ConstructorDeclarationSyntax { Initializer: not null },
        AccessorDeclarationSyntax accessor => accessor.Body is not null || accessor.ExpressionBody is not null,
        LocalFunctionStatementSyntax local => local.Body is not null || local.ExpressionBody is not null,
        ArrowExpressionClauseSyntax => true,
        _ => false,
    };

    private SemanticModel ModelFor(SyntaxTree tree) => _models.GetOrAdd(tree, _createModel);

#pragma warning disable RS1030 // Callee bodies are in other trees than the operation being analysed; one model per tree, cached for the compilation.
    private SemanticModel CreateModel(SyntaxTree tree) => _compilation.GetSemanticModel(tree);
#pragma warning restore RS1030
}
