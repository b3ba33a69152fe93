using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Handlers declared in .editorconfig: methods carrying one of burst_analyzers.handler_attributes (or public instance
/// methods of a type carrying one), and public instance methods of types deriving from (or implementing) one of
/// burst_analyzers.handler_base_types.
/// </summary>
internal static class UserDeclaredHandlers
{
    public static bool IsHandler(IMethodSymbol method, BurstConfiguration configuration)
    {
        if (!configuration.DeclaresHandlers || method.IsStatic)
        {
            return false;
        }

        foreach (var attribute in configuration.HandlerAttributes)
        {
            if (method.Has(attribute) || (method.IsPublicInstanceMethod() && method.ContainingType.HasInherited(attribute)))
            {
                return true;
            }
        }

        if (!method.IsPublicInstanceMethod())
        {
            return false;
        }

        foreach (var baseType in configuration.HandlerBaseTypes)
        {
            if (!SymbolEqualityComparer.Default.Equals(method.ContainingType.OriginalDefinition, baseType)
                && method.ContainingType.IsOrDerivesFrom(baseType))
            {
                return true;
            }
        }

        return false;
    }
}
