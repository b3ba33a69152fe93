using System;
using System.Threading;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.Fixes;

/// <summary>
/// A function that starts returning a Task takes the .NET name for it, <c>Load</c> → <c>LoadAsync</c>, unless its
/// name belongs to something outside the code: a request handler (routes, hub clients and WCF operations find it by
/// name), a method with attributes (tests, operations, JS interop: frameworks that bind by name), an entry point, an
/// interface or base member, an overload; a function nothing in the source calls. And only when the new name is free:
/// spelled by no identifier in the solution, and binding to nothing at any call (see <see cref="SolutionNames"/>).
/// </summary>
internal static class AsyncNames
{
    private const string Suffix = "Async";

    /// <summary>The name a method would take, before its calls are checked; null when it keeps its name.</summary>
    public static string? Propose(IMethodSymbol method, SemanticModel model, Document document)
    {
        if (method.Name.EndsWith(Suffix, StringComparison.Ordinal)
            || method.MethodKind is not (MethodKind.Ordinary or MethodKind.LocalFunction)
            || method.IsOverride || method.IsVirtual || method.IsAbstract
            || !method.GetAttributes().IsEmpty
            || (method.IsStatic && method.Name == "Main")
            || ImplementsAnInterface(method))
        {
            return null;
        }

        var newName = method.Name + Suffix;
        if (method.MethodKind == MethodKind.Ordinary)
        {
            // Overloads keep their names: renamed one at a time they would part ways, Fix All would rename them all.
            if (IsRequestHandler(method, model, document) || HasMemberNamed(method.ContainingType, newName) || HasOverloads(method))
            {
                return null;
            }
        }

        return newName;
    }

    /// <summary>Whether the call, renamed, would bind to nothing yet: no other member, local or extension takes it.</summary>
    public static bool IsFreeAt(InvocationExpressionSyntax call, string newName, SemanticModel model, CancellationToken cancellationToken)
    {
        var renamed = ParseExpression(InvocationRewrites.Rename(call, newName, null).NormalizeWhitespace().ToFullString());
        var info = model.GetSpeculativeSymbolInfo(call.SpanStart, renamed, SpeculativeBindingOption.BindAsExpression);
        return !cancellationToken.IsCancellationRequested && info.Symbol is null && info.CandidateSymbols.IsEmpty;
    }

    private static bool IsRequestHandler(IMethodSymbol method, SemanticModel model, Document document)
    {
        var handlers = RequestHandlerModel.ForFix(model.Compilation);
        var configuration = handlers.Configuration.For(document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider, model.SyntaxTree);
        return handlers.IsRequestHandler(method, configuration);
    }

    private static bool ImplementsAnInterface(IMethodSymbol method)
    {
        if (!method.ExplicitInterfaceImplementations.IsEmpty)
        {
            return true;
        }

        foreach (var contract in method.ContainingType?.AllInterfaces ?? default)
        {
            foreach (var member in contract.GetMembers(method.Name))
            {
                if (SymbolEqualityComparer.Default.Equals(method.ContainingType!.FindImplementationForInterfaceMember(member), method))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private static bool HasOverloads(IMethodSymbol method)
    {
        for (var current = method.ContainingType; current is not null; current = current.BaseType)
        {
            foreach (var member in current.GetMembers(method.Name))
            {
                if (!SymbolEqualityComparer.Default.Equals(member, method))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private static bool HasMemberNamed(INamedTypeSymbol? type, string name)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (!current.GetMembers(name).IsEmpty)
            {
                return true;
            }
        }

        return false;
    }
}
