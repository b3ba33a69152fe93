using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>Finds every call of a function across the solution; null when some reference is not a plain call
/// (a method group, a delegate), which an await cannot follow. A call after <c>?.</c> is a call: whether its access can
/// be awaited is <see cref="ConditionalCalls"/>'. Documentation references and <c>nameof</c> operands are collected
/// aside: neither runs the function, and both stay right while it keeps its name (<c>RedirectToAction(nameof(Index))</c>
/// beside the action being converted).</summary>
internal static class CallerInvocations
{
    public static async Task<List<CallerInvocation>?> FindAsync(
        IMethodSymbol function,
        Solution solution,
        SyntaxNode declaration,
        SemanticModel model,
        List<CrefReference> crefs,
        List<SimpleNameSyntax> nameOfOperands,
        CancellationToken cancellationToken)
    {
        var sites = new List<CallerInvocation>();
        if (function.MethodKind == MethodKind.LocalFunction)
        {
            return FindLocalCalls(function, solution, declaration, model, sites, cancellationToken);
        }

        var references = await SymbolFinder.FindReferencesAsync(function, solution, cancellationToken).ConfigureAwait(false);
        foreach (var referenced in references)
        {
            foreach (var location in referenced.Locations)
            {
                // A pattern-based call (foreach's GetEnumerator, a collection initializer's Add, a query clause,
                // await's GetAwaiter, deconstruction) has no call to await; generated code cannot be edited, nor code
                // generated from another file (a Razor view's, written in its .cshtml).
                if (location.IsImplicit || location.Document is SourceGeneratedDocument || !FixableLocations.IsWrittenHere(location.Location))
                {
                    return null;
                }

                var root = await location.Document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
                if (root?.FindNode(location.Location.SourceSpan, findInsideTrivia: true, getInnermostNodeForTie: true) is not SimpleNameSyntax name)
                {
                    return null;
                }

                if (name.FirstAncestorOrSelf<CrefSyntax>() is not null)
                {
                    crefs.Add(new CrefReference(location.Document.Id, name));
                    continue;
                }

                if (InvocationOf(name) is not { } invocation)
                {
                    if (await IsNameOfOperandAsync(location.Document, name, cancellationToken).ConfigureAwait(false))
                    {
                        nameOfOperands.Add(name);
                        continue;
                    }

                    return null;
                }

                sites.Add(new CallerInvocation(location.Document, invocation));
            }
        }

        return sites;
    }

    private static List<CallerInvocation>? FindLocalCalls(IMethodSymbol function, Solution solution, SyntaxNode localFunction, SemanticModel model, List<CallerInvocation> sites, CancellationToken cancellationToken)
    {
        var document = solution.GetDocument(localFunction.SyntaxTree);
        if (document is null || ScopeOf(localFunction) is not { } scope)
        {
            return null;
        }

        var definition = function.OriginalDefinition;
        foreach (var node in scope.DescendantNodes())
        {
            // Fill(x) and Fill<T>(x) alike; a call of a generic local function binds to a construction of it.
            if (node is SimpleNameSyntax name
                && name.Identifier.ValueText == function.Name
                && model.GetSymbolInfo(name, cancellationToken).Symbol is IMethodSymbol called
                && SymbolEqualityComparer.Default.Equals(called.OriginalDefinition, definition))
            {
                if (InvocationOf(name) is not { } invocation)
                {
                    return null;
                }

                sites.Add(new CallerInvocation(document, invocation));
            }
        }

        return sites;
    }

    /// <summary>Where a local function can be called from: its member, or for top-level statements the whole file.</summary>
    private static SyntaxNode? ScopeOf(SyntaxNode localFunction)
    {
        var scope = localFunction.Parent;
        while (scope is not null and not MemberDeclarationSyntax)
        {
            scope = scope.Parent;
        }

        return scope is GlobalStatementSyntax ? scope.Parent : scope;
    }

    /// <summary>Whether the name is the operand of the <c>nameof</c> operator (not a method that happens to be called
    /// nameof), alone or qualified: <c>nameof(Index)</c>, <c>nameof(HomeController.Index)</c>.</summary>
    private static async Task<bool> IsNameOfOperandAsync(Document document, SimpleNameSyntax name, CancellationToken cancellationToken)
    {
        SyntaxNode operand = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : name;
        if (operand.Parent is not ArgumentSyntax { Parent: ArgumentListSyntax { Arguments.Count: 1, Parent: InvocationExpressionSyntax { Expression: IdentifierNameSyntax { Identifier.ValueText: "nameof" } } nameOf } })
        {
            return false;
        }

        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        return model?.GetOperation(nameOf, cancellationToken) is INameOfOperation;
    }

    private static InvocationExpressionSyntax? InvocationOf(SimpleNameSyntax name)
    {
        // `logger?.Write(x)`: the call after `?.`; DraftPlan awaits its access or refuses the fix.
        SyntaxNode callee = name.Parent switch
        {
            MemberAccessExpressionSyntax access when access.Name == name => access,
            MemberBindingExpressionSyntax binding when binding.Name == name => binding,
            _ => name,
        };
        return callee.Parent is InvocationExpressionSyntax invocation && invocation.Expression == callee ? invocation : null;
    }
}
