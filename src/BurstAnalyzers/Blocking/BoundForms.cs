using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// Precision for BURST003's <c>Request.Form</c>: in a handler that takes a parameter bound from the form — marked
/// <c>[FromForm]</c> (any attribute implementing IFromFormMetadata), or an IFormFile, IFormFileCollection or
/// IFormCollection with no binding attribute — model binding has already read the form with <c>ReadFormAsync</c>
/// before the handler runs, and the property returns the cached collection. So it has in an action of an MVC
/// <c>Controller</c> (views, forms; not <c>[ApiController]</c>, which binds complex types from the body) with a model
/// parameter bound without a binding attribute: MVC binds it from its value providers, the form's among them, which
/// read a form request asynchronously first. Asked only for a Form property reference, so its walk up the enclosing
/// functions costs nothing elsewhere.
/// </summary>
internal sealed class BoundForms
{
    private readonly INamedTypeSymbol? _fromFormMetadata;
    private readonly INamedTypeSymbol? _bindingSourceMetadata;
    private readonly INamedTypeSymbol?[] _formTypes;
    private readonly INamedTypeSymbol? _viewController;
    private readonly INamedTypeSymbol? _apiBehavior;

    public BoundForms(Compilation compilation)
    {
        var wellKnown = WellKnownTypes.For(compilation);
        _fromFormMetadata = wellKnown.Get(WellKnownTypeNames.MicrosoftAspNetCoreHttpMetadataIFromFormMetadata);
        _bindingSourceMetadata = wellKnown.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcModelBindingIBindingSourceMetadata);
        _formTypes = new[]
        {
            wellKnown.Get(WellKnownTypeNames.MicrosoftAspNetCoreHttpIFormFile),
            wellKnown.Get(WellKnownTypeNames.MicrosoftAspNetCoreHttpIFormFileCollection),
            wellKnown.Get(WellKnownTypeNames.MicrosoftAspNetCoreHttpIFormCollection),
        };
        _viewController = wellKnown.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcController);
        _apiBehavior = wellKnown.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcInfrastructureIApiBehaviorMetadata);
    }

    /// <summary>True when a function enclosing <paramref name="operation"/> (the handler, or a lambda or local
    /// function inside it) takes a parameter bound from the form.</summary>
    public bool AlreadyRead(IOperation operation)
    {
        if (operation.SemanticModel is not { } model)
        {
            return false;
        }

        for (var symbol = model.GetEnclosingSymbol(operation.Syntax.SpanStart); symbol is IMethodSymbol method; symbol = method.ContainingSymbol)
        {
            var bindsModels = method.MethodKind == MethodKind.Ordinary && IsViewControllerAction(method);
            foreach (var parameter in method.Parameters)
            {
                if (IsBoundFromForm(parameter) || (bindsModels && IsModel(parameter)))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private bool IsViewControllerAction(IMethodSymbol method)
    {
        if (_viewController is null || method.IsStatic || method.DeclaredAccessibility != Accessibility.Public
            || !method.ContainingType.IsOrDerivesFrom(_viewController))
        {
            return false;
        }

        for (var type = method.ContainingType; type is not null; type = type.BaseType)
        {
            if (HasApiBehavior(type.GetAttributes()))
            {
                return false;
            }
        }

        return !HasApiBehavior(method.ContainingAssembly.GetAttributes());
    }

    private bool HasApiBehavior(System.Collections.Immutable.ImmutableArray<AttributeData> attributes)
    {
        foreach (var attribute in attributes)
        {
            if (attribute.AttributeClass.IsOrDerivesFrom(_apiBehavior))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>A model class bound with no binding attribute (a service comes as an interface or with [FromServices]).</summary>
    private bool IsModel(IParameterSymbol parameter)
        => parameter.Type is INamedTypeSymbol { TypeKind: TypeKind.Class, IsAbstract: false, SpecialType: SpecialType.None }
            && !HasBindingSource(parameter.GetAttributes());

    private bool IsBoundFromForm(IParameterSymbol parameter)
    {
        var attributes = parameter.GetAttributes();
        foreach (var attribute in attributes)
        {
            if (attribute.AttributeClass.IsOrDerivesFrom(_fromFormMetadata))
            {
                return true;
            }
        }

        foreach (var formType in _formTypes)
        {
            if (formType is not null && SymbolEqualityComparer.Default.Equals(parameter.Type, formType))
            {
                return !HasBindingSource(attributes);
            }
        }

        return false;
    }

    // [FromServices], [FromQuery]... name another source: the parameter is not read from the form.
    private bool HasBindingSource(System.Collections.Immutable.ImmutableArray<AttributeData> attributes)
    {
        foreach (var attribute in attributes)
        {
            if (attribute.AttributeClass.IsOrDerivesFrom(_bindingSourceMetadata) || attribute.AttributeClass?.Name.StartsWith("From", System.StringComparison.Ordinal) == true)
            {
                return true;
            }
        }

        return false;
    }
}
