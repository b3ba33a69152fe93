using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// The one registration of the handler frameworks (<see cref="IHandlerFramework"/>), built once per compilation by
/// <see cref="RequestHandlerModel"/>: a new framework is one file implementing the interface and one line in
/// <see cref="Create"/>. The order is the order of the checks (the cheapest and the commonest first); a method is a
/// handler when any framework says so.
/// </summary>
internal sealed class HandlerFrameworks
{
    private readonly IHandlerFramework[] _present;

    public HandlerFrameworks(Compilation compilation, HandlerFrameworkSymbols symbols)
    {
        All = Create(compilation, symbols);

        var present = 0;
        foreach (var framework in All)
        {
            if (framework.IsPresent)
            {
                present++;
            }
        }

        _present = new IHandlerFramework[present];
        present = 0;
        foreach (var framework in All)
        {
            if (framework.IsPresent)
            {
                _present[present++] = framework;
            }
        }
    }

    /// <summary>Every registered framework, present or not, in the order of the checks.</summary>
    public IHandlerFramework[] All { get; }

    /// <summary>Whether the compilation references any registered framework (<see cref="IHandlerFramework.IsPresent"/>,
    /// counted once when the registry is built). With none, and no handlers declared in the options, the compilation
    /// has no handlers and the rules register nothing (<see cref="RequestHandlerModel.For"/>): a registered framework
    /// is counted without more wiring.</summary>
    public bool AnyPresent => _present.Length != 0;

    /// <summary>The registration: one line per framework.</summary>
    private static IHandlerFramework[] Create(Compilation compilation, HandlerFrameworkSymbols symbols) => new IHandlerFramework[]
    {
        new WcfOperations(symbols),
        new ControllerActions(symbols),
        new RazorPageHandlers(symbols),
        new RazorViews(symbols),
        new HubMethods(symbols),
        new GrpcServiceMethods(symbols),
        new MiddlewareMethods(symbols),
        new ClassicAspNetHandlers(symbols),
        new MvcFilters(symbols),
        new ViewComponents(symbols),
        new TagHelpers(symbols),
        new AuthorizationHandlers(symbols),
        new HealthChecks(symbols),
        new ExceptionHandlers(symbols),
        new MvcModelBinding(symbols),
        new ModelValidation(symbols),
        new AzureFunctions(symbols),
        new FastEndpointsHandlers(symbols),
        new MassTransitConsumers(compilation),
        new BlazorComponents(compilation, symbols),
    };

    /// <summary>The registered framework of type <typeparamref name="T"/>, for the questions only it answers (asked
    /// once, when the model is built).</summary>
    public T Get<T>()
        where T : class, IHandlerFramework
    {
        foreach (var framework in All)
        {
            if (framework is T found)
            {
                return found;
            }
        }

        throw new System.InvalidOperationException(typeof(T).Name + " is not registered in HandlerFrameworks.Create.");
    }

    /// <summary>Whether a framework the compilation references has <paramref name="method"/> as an entry point.</summary>
    public bool IsHandler(IMethodSymbol method)
    {
        foreach (var framework in _present)
        {
            if (framework.IsHandler(method))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>How messages name the handler <paramref name="method"/>: the first framework's own name for it, else
    /// "Type.Method".</summary>
    public RequestHandler Describe(IMethodSymbol method)
    {
        foreach (var framework in _present)
        {
            if (framework.DisplayName(method) is { } name)
            {
                return new RequestHandler(name);
            }
        }

        return RequestHandler.For(method);
    }

    /// <summary>Where the offload runtime reads the mark of the handler <paramref name="method"/>
    /// (<see cref="IHandlerFramework.OffloadSite"/>): the first framework's answer, or null.</summary>
    public ISymbol? OffloadSite(IMethodSymbol method)
    {
        foreach (var framework in _present)
        {
            if (framework.OffloadSite(method) is { } site)
            {
                return site;
            }
        }

        return null;
    }

    /// <summary>Where an instance method of <paramref name="type"/> finds the request's cancellation token
    /// (<see cref="IHandlerFramework.RequestTokenOf"/>), as a member path, or null.</summary>
    public string? RequestTokenOf(INamedTypeSymbol type)
    {
        foreach (var framework in All)
        {
            if (framework.RequestTokenOf(type) is { } token)
            {
                return token;
            }
        }

        return null;
    }
}
