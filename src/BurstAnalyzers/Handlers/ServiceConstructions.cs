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
        => type is not null && IsClosed(type) && IsNamable(type) ? "T:" + DocumentationCommentId.CreateReferenceId(type) : null;

    /// <summary>The service a registration another project carries names: its closed construction where it has one
    /// (<see cref="IdOf"/>), else the type of <paramref name="serviceId"/>, a declaration id; null where either does
    /// not resolve here.</summary>
    public static INamedTypeSymbol? Resolve(string serviceId, string construction, Compilation compilation)
        => construction.Length > 2
            ? DocumentationCommentId.GetFirstSymbolForReferenceId(construction.Substring(2), compilation) as INamedTypeSymbol
            : DocumentationCommentId.GetFirstSymbolForDeclarationId(serviceId, compilation) as INamedTypeSymbol;

    private static bool IsNamable(ITypeSymbol type)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                return IsNamable(array.ElementType);
            case INamedTypeSymbol { TypeKind: not TypeKind.Error } named:
                for (var current = named; current is not null; current = current.ContainingType)
                {
                    foreach (var argument in current.TypeArguments)
                    {
                        if (!IsNamable(argument))
                        {
                            return false;
                        }
                    }
                }

                return true;
            default:
                // A type parameter (which construction it is depends on the caller), a pointer, an error type.
                return false;
        }
    }
}
