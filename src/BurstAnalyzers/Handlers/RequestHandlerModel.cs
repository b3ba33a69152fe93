using System;
using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Answers "does this code run on a request thread?" for one compilation. Built once per compilation and shared by
/// every rule; null for a compilation that references no handler framework, so rules can register nothing there.
/// </summary>
internal sealed class RequestHandlerModel
{
    // One model per compilation, whichever rule asks first. The table holds compilations weakly.
    private static readonly ConditionalWeakTable<Compilation, Box> ModelByCompilation = new();
    private static readonly ConditionalWeakTable<Compilation, Box>.CreateValueCallback CreateBox =
        compilation => new Box(Create(compilation));

    private readonly ControllerActions _controllers;
    private readonly ConcurrentDictionary<IMethodSymbol, bool> _isHandler = new(SymbolEqualityComparer.Default);
    private readonly Func<IMethodSymbol, bool> _computeIsHandler;

    private RequestHandlerModel(HandlerFrameworkSymbols symbols)
    {
        Wcf = new WcfOperations(symbols);
        _controllers = new ControllerActions(symbols);
        _computeIsHandler = ComputeIsHandler;
    }

    /// <summary>WCF contract knowledge, also used by code fixes that must keep a contract in step.</summary>
    public WcfOperations Wcf { get; }

    /// <summary>The shared model of <paramref name="compilation"/>, or null when it has no request handlers to find.</summary>
    public static RequestHandlerModel? For(Compilation compilation) => ModelByCompilation.GetValue(compilation, CreateBox).Model;

    /// <summary>
    /// The handler whose code <paramref name="containingSymbol"/> is, or null. Lambdas and local functions are analysed
    /// as part of their containing member, so they are reported as the handler's own code.
    /// </summary>
    public IMethodSymbol? FindHandler(ISymbol? containingSymbol)
        => containingSymbol is IMethodSymbol method && IsRequestHandler(method) ? method : null;

    public bool IsRequestHandler(IMethodSymbol method) => _isHandler.GetOrAdd(method, _computeIsHandler);

    private bool ComputeIsHandler(IMethodSymbol method) => Wcf.IsOperation(method) || _controllers.IsAction(method);

    private static RequestHandlerModel? Create(Compilation compilation)
    {
        var symbols = HandlerFrameworkSymbols.Resolve(compilation);
        return symbols.HasAnyFramework ? new RequestHandlerModel(symbols) : null;
    }

    private sealed class Box(RequestHandlerModel? model)
    {
        public RequestHandlerModel? Model { get; } = model;
    }
}
