using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Rules;

/// <summary>
/// Methods registered as minimal API handlers by method group (<c>app.MapGet("/x", Handlers.Get)</c>): nothing in the
/// method says it is a handler, so each analysis checks its body once, at the first registration it meets. (Reported
/// while building; an IDE shows these with full solution analysis, since they belong to another place than the
/// registration.) One instance per analysis and compilation; both analyses walk the same bodies.
/// </summary>
internal sealed class MethodGroupHandlers
{
    private readonly RequestHandlerModel _handlers;
    private readonly ConcurrentDictionary<IMethodSymbol, bool> _analyzed = new(SymbolEqualityComparer.Default);

    public MethodGroupHandlers(RequestHandlerModel handlers) => _handlers = handlers;

    /// <summary>The handler <paramref name="registration"/> makes of a method group and its method's original
    /// definition, the first time that method is met; null otherwise.</summary>
    public RequestHandler? Claim(IInvocationOperation registration, out IMethodSymbol definition)
    {
        definition = null!;
        if (_handlers.FindMethodGroupHandler(registration, out var method) is not { } handler
            || method is null
            || !_analyzed.TryAdd(method.OriginalDefinition, true))
        {
            return null;
        }

        definition = method.OriginalDefinition;
        return handler;
    }

    /// <summary>
    /// The operation trees of a claimed method's body, each with the options of its file — except where the method is
    /// a request handler in its own right under those options: it is analysed as one there.
    /// </summary>
    public List<(IOperation Root, BurstConfiguration Configuration)> Bodies(
        IMethodSymbol definition,
        MethodBodies bodies,
        AnalyzerConfigOptionsProvider options,
        CancellationToken cancellationToken)
    {
        var roots = new List<IOperation>();
        bodies.Collect(definition, roots, cancellationToken);
        var found = new List<(IOperation, BurstConfiguration)>(roots.Count);
        foreach (var root in roots)
        {
            var configuration = _handlers.Configuration.For(options, root.Syntax.SyntaxTree);
            if (!_handlers.IsRequestHandler(definition, configuration))
            {
                found.Add((root, configuration));
            }
        }

        return found;
    }
}
