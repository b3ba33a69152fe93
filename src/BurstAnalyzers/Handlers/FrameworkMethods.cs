using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// The two ways a framework calls a method of the user's class by its own contract: as the implementation of one of
/// its interfaces' members, or as the override of one of its base classes' virtuals. Shared by the recognisers whose
/// entry point is such a method (IHttpHandler.ProcessRequest, the MVC filter interfaces, tag helpers...).
/// </summary>
internal static class FrameworkMethods
{
    /// <summary>
    /// Whether <paramref name="method"/> is what runs for a member of <paramref name="contract"/> (an interface) on its
    /// own type: the implicit or explicit implementation, or an override of a base class's implementation (an
    /// ActionFilterAttribute subclass's OnActionExecuting runs as IActionFilter.OnActionExecuting). A generic contract
    /// (MassTransit's IConsumer&lt;T&gt;) is asked of each construction the type implements: a consumer of two messages
    /// implements two.
    /// </summary>
    public static bool Implements(IMethodSymbol method, INamedTypeSymbol? contract)
    {
        if (contract is null || method.IsStatic || method.ContainingType is not { } type)
        {
            return false;
        }

        // By name first: nearly every method is ruled out without asking for the type's interfaces.
        var name = method.MemberName();
        var members = contract.GetMembers(name);
        if (members.IsEmpty)
        {
            return false;
        }

        if (!contract.IsGenericType)
        {
            return type.IsOrDerivesFrom(contract) && RunsFor(method, type, members);
        }

        foreach (var implemented in type.AllInterfaces)
        {
            if (SymbolEqualityComparer.Default.Equals(implemented.OriginalDefinition, contract) && RunsFor(method, type, implemented.GetMembers(name)))
            {
                return true;
            }
        }

        return false;
    }

    private static bool RunsFor(IMethodSymbol method, INamedTypeSymbol type, System.Collections.Immutable.ImmutableArray<ISymbol> members)
    {
        foreach (var member in members)
        {
            if (member is IMethodSymbol && type.FindImplementationForInterfaceMember(member) is IMethodSymbol implementation)
            {
                for (var current = method; current is not null; current = current.OverriddenMethod)
                {
                    if (SymbolEqualityComparer.Default.Equals(current, implementation))
                    {
                        return true;
                    }
                }
            }
        }

        return false;
    }

    /// <summary>Whether <paramref name="method"/> overrides, directly or further down, a method declared on
    /// <paramref name="baseType"/> (generic base types by their definition).</summary>
    public static bool Overrides(IMethodSymbol method, INamedTypeSymbol? baseType)
    {
        if (baseType is null || method.IsStatic)
        {
            return false;
        }

        for (var overridden = method.OverriddenMethod; overridden is not null; overridden = overridden.OverriddenMethod)
        {
            if (SymbolEqualityComparer.Default.Equals(overridden.ContainingType.OriginalDefinition, baseType))
            {
                return true;
            }
        }

        return false;
    }
}
