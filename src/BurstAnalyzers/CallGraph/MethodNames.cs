using System;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>How a chain names the methods it passes through: the way a reader finds them in the code.</summary>
internal static class MethodNames
{
    /// <summary>"PriceService.Load", "PriceService.Price" (an accessor), "new PriceService", "PriceService.Load.Fetch"
    /// (a local function). No type arguments: the chain is about definitions.</summary>
    public static string Of(IMethodSymbol method)
    {
        switch (method.MethodKind)
        {
            case MethodKind.Constructor:
                return "new " + method.ContainingType.Name;
            case MethodKind.PropertyGet or MethodKind.PropertySet when method.AssociatedSymbol is IPropertySymbol property:
                return TypeAnd(method, property.ExplicitInterfaceImplementations.Length > 0 ? property.ExplicitInterfaceImplementations[0].Name : property.Name);
            case MethodKind.LocalFunction:
                return Enclosing(method) is { Length: > 0 } enclosing ? enclosing + "." + method.Name : method.Name;
            default:
                return TypeAnd(method, method.MemberName());
        }
    }

    /// <summary>What follows an implementation a dependency injection registration sent a call to: " (registered in
    /// Program.cs)". One wording for every chain, in this project's and carried from another's.</summary>
    public static string RegisteredIn(string place) => " (registered in " + place + ")";

    /// <summary><see cref="Of"/>, then <see cref="RegisteredIn"/> when <paramref name="place"/> is set.</summary>
    public static string Of(IMethodSymbol method, string? place) => place is null ? Of(method) : Of(method) + RegisteredIn(place);

    private static string TypeAnd(IMethodSymbol method, string member)
        => method.ContainingType is { } type ? type.Name + "." + member : member;

    /// <summary>The member a local function is written in (through lambdas and other local functions).</summary>
    private static string Enclosing(IMethodSymbol localFunction)
    {
        for (var symbol = localFunction.ContainingSymbol; symbol is not null; symbol = symbol.ContainingSymbol)
        {
            if (symbol is IMethodSymbol { MethodKind: not (MethodKind.LocalFunction or MethodKind.AnonymousFunction) } member)
            {
                // Top-level statements live in a generated "<Main>$" that no reader knows by name.
                return member.IsImplicitlyDeclared || member.Name.StartsWith("<", StringComparison.Ordinal) ? "" : Of(member);
            }

            if (symbol is INamedTypeSymbol type)
            {
                return type.Name;
            }
        }

        return localFunction.ContainingType?.Name ?? "";
    }
}
