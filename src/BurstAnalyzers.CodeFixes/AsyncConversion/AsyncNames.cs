using System;
using System.Threading;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// A function that starts returning a Task takes the .NET name for it, <c>Load</c> → <c>LoadAsync</c>, unless its
/// name belongs to something outside the code: a request handler (routes, hub clients and WCF operations find it by
/// name), a method with attributes (tests, operations, JS interop: frameworks that bind by name), an entry point, an
/// interface or base member, an overload; a function nothing in the source calls. And only when the new name is free:
/// spelled by no identifier in the solution, and binding to nothing at any call (see <see cref="SolutionNames"/>).
/// </summary>
internal static class AsyncNames
{
    private const string Suffix = "Async";

    /// <summary>
    /// The name a function would take, before its calls are checked; null when it keeps its name. Asked by
    /// <see cref="FunctionAnalysis"/> only for a function whose return type changes and that implements no interface
    /// member and overrides nothing (those decline or keep the shape earlier).
    /// </summary>
    public static string? Propose(IMethodSymbol method, SemanticModel model, Document document)
    {
        if (method.Name.EndsWith(Suffix, StringComparison.Ordinal)
            || !method.GetAttributes().IsEmpty
            || (method.IsStatic && method.Name == "Main"))
        {
            return null;
        }

        var newName = method.Name + Suffix;

        // Overloads keep their names: renamed one at a time they would part ways, Fix All would rename them all.
        if (method.MethodKind == MethodKind.Ordinary
            && (IsRequestHandler(method, model, document)
                || method.ContainingType.HasMemberNamed(newName)
                || method.ContainingType.HasMemberNamed(method.Name, except: method)))
        {
            return null;
        }

        return newName;
    }

    /// <summary>Whether the call, renamed, would bind to nothing yet: no other member, local or extension takes it.</summary>
    public static bool IsFreeAt(InvocationExpressionSyntax call, string newName, SemanticModel model, CancellationToken cancellationToken)
        => !cancellationToken.IsCancellationRequested
            && !(ConditionalCalls.IsAfterQuestionDot(call)
                ? ConditionalCalls.BindsToAnything(call, model, InvocationRewrites.Rename(call, newName, null))
                : SpeculativeBinding.BindsToAnything(model, call.SpanStart, InvocationRewrites.Rename(call, newName, null)));

    private static bool IsRequestHandler(IMethodSymbol method, SemanticModel model, Document document)
    {
        var handlers = RequestHandlerModel.ForFix(model.Compilation);
        var configuration = handlers.Configuration.For(document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider, model.SyntaxTree);
        return handlers.IsRequestHandler(method, configuration);
    }
}
