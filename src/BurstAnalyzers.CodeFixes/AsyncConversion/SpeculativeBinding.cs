using System.Threading;
using BurstAnalyzers.Blocking;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// Checks a rewrite before offering it: the new expression, bound where the old one stands, must resolve to the
/// intended async method and be awaitable. A rewrite that would not compile is never offered.
/// </summary>
internal static class SpeculativeBinding
{
    /// <summary>Stands in for a token that is not in scope yet (a parameter the fix is about to add).</summary>
    public static ExpressionSyntax TokenProbe()
        => DefaultExpression(ParseTypeName("global::System.Threading.CancellationToken"));

    public static ITypeSymbol? AwaitableType(SemanticModel model, int position, ExpressionSyntax expression, CoreLibraryTypes types, string? expectedMethod)
    {
        var bound = Reparsed(expression);
        if (expectedMethod is not null)
        {
            var symbol = model.GetSpeculativeSymbolInfo(position, bound, SpeculativeBindingOption.BindAsExpression).Symbol as IMethodSymbol;
            if (symbol is null || symbol.Name != expectedMethod)
            {
                return null;
            }
        }

        var type = model.GetSpeculativeTypeInfo(position, bound, SpeculativeBindingOption.BindAsExpression).Type;
        return IsTaskOrConfiguredTask(type, types) ? type : null;
    }

    /// <summary>Whether the expression, written at <paramref name="position"/>, would bind to any symbol or candidate.</summary>
    public static bool BindsToAnything(SemanticModel model, int position, ExpressionSyntax expression)
    {
        var info = model.GetSpeculativeSymbolInfo(position, Reparsed(expression), SpeculativeBindingOption.BindAsExpression);
        return info.Symbol is not null || !info.CandidateSymbols.IsEmpty;
    }

    /// <summary>The result type of awaiting <paramref name="awaitable"/> (null for Task/ValueTask).</summary>
    public static ITypeSymbol? ResultOf(ITypeSymbol awaitable, CoreLibraryTypes types)
        => types.IsTaskLikeWithResult(awaitable) && awaitable is INamedTypeSymbol { TypeArguments.Length: 1 } generic ? generic.TypeArguments[0] : null;

    // Syntax built by hand has no positions; binding re-parses it so names resolve as if typed at that spot.
    public static ExpressionSyntax Reparsed(ExpressionSyntax expression) => ParseExpression(expression.NormalizeWhitespace().ToFullString());

    /// <summary>A task, or one behind ConfigureAwait: what <c>await</c> can take in place of a blocking wait.</summary>
    public static bool IsTaskOrConfiguredTask(ITypeSymbol? type, CoreLibraryTypes types)
        => types.IsTaskLike(type) || type is INamedTypeSymbol { Name: "ConfiguredTaskAwaitable" or "ConfiguredValueTaskAwaitable" };

    public static bool Binds(SemanticModel model, int position, ExpressionSyntax expression, CoreLibraryTypes types, string expectedMethod, CancellationToken cancellationToken)
        => !cancellationToken.IsCancellationRequested && AwaitableType(model, position, expression, types, expectedMethod) is not null;
}
