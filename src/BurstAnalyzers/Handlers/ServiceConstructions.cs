using System;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// The construction of a generic service that a call goes through and a registration binds: a handler calls
/// <c>Get</c> through <c>IRepository&lt;Order&gt;</c>, the host registers <c>IRepository&lt;Order&gt;</c> per entity.
/// An open call names its member as declared (<c>IRepository&lt;T&gt;.Get</c>); the construction, carried beside it,
/// tells which per-entity registration runs it. Decided here for the call's side and the registration's alike.
/// </summary>
internal static class ServiceConstructions
{
    /// <summary>A construction with a type argument that is not a type parameter: <c>IRepository&lt;Order&gt;</c>, not
    /// <c>IRepository&lt;&gt;</c> or the <c>IReadRepository&lt;T&gt;</c> that <c>IRepository&lt;T&gt;</c> inherits.</summary>
    public static bool IsClosed(INamedTypeSymbol type)
    {
        if (!type.IsGenericType || type.IsUnboundGenericType)
        {
            return false;
        }

        for (var current = type; current is not null; current = current.ContainingType)
        {
            foreach (var argument in current.TypeArguments)
            {
                if (argument.TypeKind != TypeKind.TypeParameter)
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>
    /// The reference id of a closed construction, with the prefix of a type's declaration id
    /// ("T:Shop.Domain.IRepository{Shop.Domain.Order}"), the same for the
    /// source symbol a library's build sees and the metadata symbol the host sees; null for any other type, and for one
    /// whose arguments do not bind (half-typed code), or that names a type parameter inside (<c>IRepository&lt;List&lt;T&gt;&gt;</c>).
    /// </summary>
    public static string? IdOf(INamedTypeSymbol? type)
        => type is not null && IsClosed(type) && IsNamable(type, owner: null) ? "T:" + DocumentationCommentId.CreateReferenceId(type) : null;

    /// <summary>
    /// The id of the service a registration serves or a call asks for: a closed construction's (<see cref="IdOf"/>) or,
    /// for a type that is not generic, its declaration id ("T:Shop.Domain.ICustomerRepository"); null for any other.
    /// </summary>
    public static string? ServiceIdOf(INamedTypeSymbol type)
        => type.IsGenericType ? IdOf(type) : IsNamable(type, owner: null) ? "T:" + DocumentationCommentId.CreateReferenceId(type) : null;

    /// <summary>
    /// The id of a construction over the type parameters of one class, the one whose method makes the call: a generic
    /// base controller's <c>IRepository&lt;T&gt;</c>, "T:Shop.Domain.IRepository{T:Shop.Api.CrudController`1:`0}", which is a closed one for each
    /// class deriving from it (<see cref="Substitute"/>); null for any other. Only a class that is not nested: its type
    /// parameters' ordinals are then their positions in its own list.
    /// </summary>
    public static string? OverTypeParametersOf(INamedTypeSymbol type)
        => type is { IsGenericType: true, IsUnboundGenericType: false }
            && OwnerOfTypeParameters(type) is { ContainingType: null } owner && IsNamable(type, owner)
            ? "T:" + DocumentationCommentId.CreateReferenceId(type)
            : null;

    /// <summary>The class that declares the first of a construction's type arguments that is a type parameter.</summary>
    private static INamedTypeSymbol? OwnerOfTypeParameters(ITypeSymbol type)
    {
        switch (type)
        {
            case ITypeParameterSymbol parameter:
                return parameter.TypeParameterKind == TypeParameterKind.Type ? parameter.DeclaringType?.OriginalDefinition : null;
            case IArrayTypeSymbol array:
                return OwnerOfTypeParameters(array.ElementType);
            case INamedTypeSymbol named:
                for (var current = named; current is not null; current = current.ContainingType)
                {
                    foreach (var argument in current.TypeArguments)
                    {
                        if (OwnerOfTypeParameters(argument) is { } owner)
                        {
                            return owner;
                        }
                    }
                }

                return null;
            default:
                return null;
        }
    }

    /// <summary>Whether a construction id names type parameters (<see cref="OverTypeParametersOf"/>), which only the
    /// class deriving from the caller's closes.</summary>
    public static bool IsOverTypeParameters(string construction) => construction.IndexOf(TypeParameterMark, StringComparison.Ordinal) >= 0;

    /// <summary>What follows a type's declaration id in a reference id's name of one of its type parameters.</summary>
    private const string TypeParameterMark = ":`";

    /// <summary>
    /// <paramref name="construction"/> (<see cref="OverTypeParametersOf"/>) as the class deriving from the caller's
    /// runs it, where <paramref name="baseConstruction"/> is how it derives (<c>CrudController&lt;Customer&gt;</c>):
    /// "T:Shop.Domain.IRepository{Shop.Domain.Customer}" for "T:Shop.Domain.IRepository{T:Shop.Api.CrudController`1:`0}";
    /// null where that construction does not name each argument, or the id names another type's parameter. With
    /// <paramref name="over"/>, the deriving class's own type parameters may be the arguments (<c>AuditedController&lt;T&gt;
    /// : CrudController&lt;T&gt;</c>): the result is then over those, for the classes deriving from it to close.
    /// </summary>
    public static string? Substitute(string construction, INamedTypeSymbol baseConstruction, INamedTypeSymbol? over = null)
    {
        // A reference id names a class's type parameter with its class's declaration id and its ordinal.
        var owner = DocumentationCommentId.CreateDeclarationId(baseConstruction.OriginalDefinition) + TypeParameterMark;
        var arguments = baseConstruction.TypeArguments;
        var text = new System.Text.StringBuilder(construction.Length + 32);
        var from = 0;
        for (var at = construction.IndexOf(owner, StringComparison.Ordinal); at >= 0; at = construction.IndexOf(owner, from, StringComparison.Ordinal))
        {
            var end = at + owner.Length;
            var ordinal = 0;
            while (end < construction.Length && construction[end] >= '0' && construction[end] <= '9' && ordinal < 1000)
            {
                ordinal = (ordinal * 10) + (construction[end] - '0');
                end++;
            }

            if (end == at + owner.Length || ordinal >= arguments.Length || !IsNamable(arguments[ordinal], over))
            {
                return null;
            }

            text.Append(construction, from, at - from).Append(DocumentationCommentId.CreateReferenceId(arguments[ordinal]));
            from = end;
        }

        text.Append(construction, from, construction.Length - from);
        var closed = text.ToString();
        if (!IsOverTypeParameters(closed))
        {
            return closed;
        }

        // Over type parameters still: only the deriving class's own may be left.
        var own = over is null ? null : DocumentationCommentId.CreateDeclarationId(over) + TypeParameterMark;
        return own is not null && !IsOverTypeParameters(closed.Replace(own, "")) ? closed : null;
    }

    /// <summary>The service a registration another project carries names: its closed construction where it has one
    /// (<see cref="IdOf"/>), else the type of <paramref name="serviceId"/>, a declaration id; null where either does
    /// not resolve here.</summary>
    public static INamedTypeSymbol? Resolve(string serviceId, string construction, Compilation compilation)
        => construction.Length > 2
            ? DocumentationCommentId.GetFirstSymbolForReferenceId(construction.Substring(2), compilation) as INamedTypeSymbol
            : DocumentationCommentId.GetFirstSymbolForDeclarationId(serviceId, compilation) as INamedTypeSymbol;

    /// <summary>Whether the type has an id that names it in any compilation: no error type or pointer, and no type
    /// parameter but those of <paramref name="owner"/> (a class's, not a method's), when one is given.</summary>
    private static bool IsNamable(ITypeSymbol type, INamedTypeSymbol? owner)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                return IsNamable(array.ElementType, owner);
            case INamedTypeSymbol { TypeKind: not TypeKind.Error } named:
                for (var current = named; current is not null; current = current.ContainingType)
                {
                    foreach (var argument in current.TypeArguments)
                    {
                        if (!IsNamable(argument, owner))
                        {
                            return false;
                        }
                    }
                }

                return true;
            case ITypeParameterSymbol { TypeParameterKind: TypeParameterKind.Type } parameter when owner is not null:
                // Which construction it is depends on the class deriving from the owner.
                return SymbolEqualityComparer.Default.Equals(parameter.DeclaringType?.OriginalDefinition, owner);
            default:
                // Another type parameter, a pointer, an error type.
                return false;
        }
    }
}
