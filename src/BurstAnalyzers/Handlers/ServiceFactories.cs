using System.Text;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Dependency-injection factory delegates: services.AddScoped/AddTransient/AddSingleton(sp => ...), their TryAdd*
/// and keyed forms, and ServiceDescriptor's factories. The container runs a factory on the thread that resolves the
/// service — a request thread when a controller or endpoint needs it, on every request for scoped and transient
/// services (once, on the first request that needs it, for a singleton). Their code is reported under BURST007, not
/// as a request handler: a factory cannot be made async, so the remedies differ.
/// </summary>
internal sealed class ServiceFactories
{
    private readonly INamedTypeSymbol? _serviceProvider;

    public ServiceFactories(Compilation compilation)
        => _serviceProvider = WellKnownTypes.For(compilation).Get(WellKnownTypeNames.SystemIServiceProvider);

    /// <summary>The registration call when <paramref name="lambda"/> is passed as a service factory, else null.</summary>
    public IInvocationOperation? RegistrationOf(IAnonymousFunctionOperation lambda)
    {
        if (_serviceProvider is null)
        {
            return null;
        }

        var current = lambda.Parent;
        while (current is IDelegateCreationOperation or IConversionOperation)
        {
            current = current.Parent;
        }

        return current is IArgumentOperation { Parent: IInvocationOperation invocation, Parameter: { } parameter }
            && IsFactoryParameter(parameter)
            && IsRegistration(invocation.TargetMethod.ReducedFrom ?? invocation.TargetMethod)
                ? invocation
                : null;
    }

    /// <summary>"the AddScoped factory of 'IOrderStore'": the registration and the service type, when known.</summary>
    public static string Describe(IInvocationOperation registration)
    {
        var method = registration.TargetMethod;
        var text = new StringBuilder("the ").Append(method.Name).Append(" factory");
        if (method.TypeArguments.Length > 0)
        {
            text.Append(" of '").Append(method.TypeArguments[0].Name).Append('\'');
        }
        else
        {
            foreach (var argument in registration.Arguments)
            {
                if (argument.Value is ITypeOfOperation typeOf)
                {
                    text.Append(" of '").Append(typeOf.TypeOperand.Name).Append('\'');
                    break;
                }
            }
        }

        return text.ToString();
    }

    /// <summary>Func&lt;IServiceProvider, T&gt; or, keyed, Func&lt;IServiceProvider, object?, T&gt;.</summary>
    private bool IsFactoryParameter(IParameterSymbol parameter)
        => parameter.Type is INamedTypeSymbol { TypeKind: TypeKind.Delegate, IsGenericType: true } named
            && named.TypeArguments.Length is 2 or 3
            && SymbolEqualityComparer.Default.Equals(named.TypeArguments[0], _serviceProvider);

    private static bool IsRegistration(IMethodSymbol method)
    {
        // The registration APIs of Microsoft.Extensions.DependencyInjection(.Extensions): Add*/TryAdd* extensions
        // and ServiceDescriptor's constructors and static factories.
        var type = method.ContainingType;
        if (type is null || !IsDependencyInjectionNamespace(type.ContainingNamespace))
        {
            return false;
        }

        return type.Name == "ServiceDescriptor"
            || method.Name.StartsWith("Add", System.StringComparison.Ordinal)
            || method.Name.StartsWith("TryAdd", System.StringComparison.Ordinal);
    }

    private static bool IsDependencyInjectionNamespace(INamespaceSymbol? ns)
    {
        if (ns is { Name: "Extensions", ContainingNamespace: { Name: "DependencyInjection" } inner })
        {
            ns = inner;
        }

        return ns is { Name: "DependencyInjection", ContainingNamespace: { Name: "Extensions", ContainingNamespace: { Name: "Microsoft", ContainingNamespace.IsGlobalNamespace: true } } };
    }
}
