using System.Threading;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>Shared shapes of rewrites: renaming the called method, appending a token, checking it all binds.</summary>
internal static class InvocationRewrites
{
    public static ExpressionSyntax? FindExpression(SyntaxNode root, TextSpan span)
    {
        var node = root.FindNode(span, getInnermostNodeForTie: true);
        for (var current = node; current is not null && current.Span.Length <= span.Length; current = current.Parent)
        {
            if (current.Span == span && current is InvocationExpressionSyntax or MemberAccessExpressionSyntax)
            {
                return (ExpressionSyntax)current;
            }
        }

        return null;
    }

    /// <summary><c>receiver.Name(args)</c> becomes <c>receiver.NewName(args[, token])</c>, type arguments kept.</summary>
    public static ExpressionSyntax Rename(ExpressionSyntax current, string newName, ExpressionSyntax? token)
    {
        var invocation = (InvocationExpressionSyntax)current;
        var callee = invocation.Expression switch
        {
            MemberAccessExpressionSyntax access => access.WithName(Renamed(access.Name, newName)),
            MemberBindingExpressionSyntax binding => binding.WithName(Renamed(binding.Name, newName)),
            SimpleNameSyntax name => (ExpressionSyntax)Renamed(name, newName),
            var other => other,
        };

        var arguments = token is null ? invocation.ArgumentList : invocation.ArgumentList.AddArguments(Argument(token));
        return invocation.WithExpression(callee).WithArgumentList(arguments);
    }

    /// <summary>Whether the rewrite binds to <paramref name="asyncName"/>, and whether it also binds with a token.</summary>
    public static AwaitableReplacement? Checked(
        ExpressionSyntax blocking,
        SemanticModel model,
        string asyncName,
        System.Func<ExpressionSyntax, ExpressionSyntax?, ExpressionSyntax> create,
        bool mayTakeToken,
        CancellationToken cancellationToken)
    {
        var types = CoreLibraryTypes.For(model.Compilation);

        // After `?.` the rewritten call binds only inside its access (ConditionalCalls).
        var afterQuestionDot = ConditionalCalls.IsAfterQuestionDot(blocking);
        ITypeSymbol? AwaitableOf(ExpressionSyntax rewritten) => afterQuestionDot
            ? ConditionalCalls.AwaitableType(blocking, model, rewritten, types, asyncName)
            : SpeculativeBinding.AwaitableType(model, blocking.SpanStart, rewritten, types, asyncName);

        var awaitable = AwaitableOf(create(blocking, null));
        if (awaitable is null || cancellationToken.IsCancellationRequested)
        {
            return null;
        }

        // With a token the overload may differ; after `?.` it must stand for a null receiver the same way.
        var whenReceiverNull = ConditionalCalls.WhenReceiverNull(awaitable, types);
        var acceptsToken = mayTakeToken
            && AwaitableOf(create(blocking, SpeculativeBinding.TokenProbe())) is { } withToken
            && (!afterQuestionDot || ConditionalCalls.WhenReceiverNull(withToken, types) == whenReceiverNull);
        return new AwaitableReplacement(create, acceptsToken, AwaitUsing(blocking, awaitable, types, model), whenReceiverNull: whenReceiverNull);
    }

    public static bool HasCancellationTokenArgument(InvocationExpressionSyntax invocation, SemanticModel model, CancellationToken cancellationToken)
    {
        var tokenType = CoreLibraryTypes.For(model.Compilation).CancellationToken;
        foreach (var argument in invocation.ArgumentList.Arguments)
        {
            if (SymbolEqualityComparer.Default.Equals(model.GetTypeInfo(argument.Expression, cancellationToken).Type, tokenType))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>A using declaration initialised by the call, whose awaited value is IAsyncDisposable, becomes await using.</summary>
    private static bool AwaitUsing(ExpressionSyntax blocking, ITypeSymbol awaitable, CoreLibraryTypes types, SemanticModel model)
    {
        if (blocking.Parent is not EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1, Parent: var holder } } }
            || !(holder is LocalDeclarationStatementSyntax { UsingKeyword.RawKind: (int)SyntaxKind.UsingKeyword } || holder is UsingStatementSyntax))
        {
            return false;
        }

        var asyncDisposable = WellKnownTypes.For(model.Compilation).Get(WellKnownTypeNames.SystemIAsyncDisposable);
        var result = SpeculativeBinding.ResultOf(awaitable, types);
        if (result is null || asyncDisposable is null)
        {
            return false;
        }

        foreach (var implemented in result.AllInterfaces)
        {
            if (SymbolEqualityComparer.Default.Equals(implemented, asyncDisposable))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The same name with another identifier: type arguments and trivia stay.</summary>
    public static SimpleNameSyntax Renamed(SimpleNameSyntax name, string newName) => name switch
    {
        GenericNameSyntax generic => generic.WithIdentifier(Identifier(newName).WithTriviaFrom(generic.Identifier)),
        _ => IdentifierName(Identifier(newName).WithTriviaFrom(name.GetFirstToken())),
    };
}
