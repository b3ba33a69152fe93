using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The base constructor a constructor runs without saying so: a class's implicit constructor, or an explicit one with
/// no <c>: this(...)</c> or <c>: base(...)</c>, calls its base class's parameterless constructor. (An explicit
/// initializer is an ordinary call in the constructor's body.)
/// </summary>
internal static class ConstructorChains
{
    public static IMethodSymbol? ImplicitBaseConstructor(IMethodSymbol constructor, CancellationToken cancellationToken)
    {
        if (constructor is not { MethodKind: MethodKind.Constructor, IsStatic: false, ContainingType: { TypeKind: TypeKind.Class, BaseType: { } baseType } })
        {
            return null;
        }

        foreach (var reference in constructor.DeclaringSyntaxReferences)
        {
            // An explicit initializer, or a primary constructor whose base arguments live in the type's base list.
            if (reference.GetSyntax(cancellationToken) is not ConstructorDeclarationSyntax { Initializer: null })
            {
                return null;
            }
        }

        foreach (var candidate in baseType.InstanceConstructors)
        {
            if (AllOptional(candidate))
            {
                return candidate.OriginalDefinition;
            }
        }

        return null;
    }

    private static bool AllOptional(IMethodSymbol constructor)
    {
        foreach (var parameter in constructor.Parameters)
        {
            if (!parameter.IsOptional && !parameter.IsParams)
            {
                return false;
            }
        }

        return true;
    }
}
