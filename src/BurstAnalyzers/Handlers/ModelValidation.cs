using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Model validation, which MVC runs on the request thread after binding, for every request whose model carries the
/// attribute or implements the interface: overrides of ValidationAttribute.IsValid (either overload: the public one
/// calls the protected one, whose base calls the public one) and implementations of IValidatableObject.Validate. A
/// custom attribute that checks a value against a database or a remote service (a unique e-mail, a captcha) blocks
/// there. Attributes declared in another project are reached from where this project applies them
/// (<see cref="ValidationRunOf"/>).
/// </summary>
internal sealed class ModelValidation : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    public ModelValidation(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.ValidationAttribute is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method) => method.Name switch
    {
        "IsValid" => FrameworkMethods.Overrides(method, _symbols.ValidationAttribute),
        _ => FrameworkMethods.Implements(method, _symbols.ValidatableObject),
    };

    /// <summary>
    /// The IsValid that model validation runs for an application of <paramref name="attribute"/>: GetValidationResult
    /// calls the protected IsValid(object, ValidationContext), whose base calls the public IsValid(object); so the most
    /// derived override of the protected overload, else of the public one. Null for an attribute that is not a
    /// validation attribute or overrides neither.
    /// </summary>
    public IMethodSymbol? ValidationRunOf(INamedTypeSymbol? attribute)
    {
        if (_symbols.ValidationAttribute is not { } validation)
        {
            return null;
        }

        IMethodSymbol? publicOverload = null;
        for (var type = attribute; type is not null && type.SpecialType != SpecialType.System_Object; type = type.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(type, validation))
            {
                return publicOverload;
            }

            foreach (var member in type.GetMembers("IsValid"))
            {
                // Only ValidationAttribute's: a look-alike's IsValid overrides nothing of it.
                if (member is IMethodSymbol { IsOverride: true } method && FrameworkMethods.Overrides(method, validation))
                {
                    if (method.Parameters.Length == 2)
                    {
                        return method;
                    }

                    publicOverload ??= method;
                }
            }
        }

        // Not a validation attribute at all.
        return null;
    }
}
