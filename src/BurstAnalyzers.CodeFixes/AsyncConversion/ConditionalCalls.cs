using System;
using BurstAnalyzers.Blocking;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// A call written after <c>?.</c> (<c>writer?.Write(x)</c>, <c>a?.B.Write(x)</c>, <c>a?.b?.Write(x)</c>). The await
/// cannot go on the call: it is only the part that runs when the receiver is not null, and alone it binds to nothing.
/// When the whole access is a statement (its value unused) and the call is its last part, the access is awaited
/// instead, <c>await (writer?.WriteAsync(x) ?? Task.CompletedTask)</c>: the receiver is evaluated once, and when it is
/// null nothing runs and nothing waits, as before. Anywhere else the access's value would turn from the call's result
/// into a task: no fix.
/// </summary>
internal static class ConditionalCalls
{
    /// <summary>Whether an await in place of <paramref name="expression"/> would land after a <c>?.</c>: the expression
    /// is the access's part run when the receiver is not null, or the receiver of a member, call or index in it.</summary>
    public static bool IsAfterQuestionDot(ExpressionSyntax expression)
    {
        for (SyntaxNode current = expression; current.Parent is { } parent; current = parent)
        {
            switch (parent)
            {
                case ConditionalAccessExpressionSyntax conditional:
                    return conditional.WhenNotNull == current;
                case MemberAccessExpressionSyntax access when access.Expression == current:
                case InvocationExpressionSyntax invocation when invocation.Expression == current:
                case ElementAccessExpressionSyntax element when element.Expression == current:
                case PostfixUnaryExpressionSyntax:
                    continue;
                default:
                    return false;
            }
        }

        return false;
    }

    /// <summary>The outermost access whose value is the call's, when that access is an expression statement; else
    /// null (the call is followed by more of the chain, or the access's value is used).</summary>
    public static ConditionalAccessExpressionSyntax? StatementAccessOf(ExpressionSyntax call)
    {
        ConditionalAccessExpressionSyntax? access = null;
        for (var current = call; current.Parent is ConditionalAccessExpressionSyntax parent && parent.WhenNotNull == current; current = parent)
        {
            access = parent;
        }

        return access?.Parent is ExpressionStatementSyntax ? access : null;
    }

    /// <summary>What the awaited access stands for when the receiver is null: a completed task of the awaitable's kind.
    /// A configured awaitable has no completed value to stand in: none.</summary>
    public static NullReceiverResult WhenReceiverNull(ITypeSymbol? awaitable, CoreLibraryTypes types)
        => CoreLibraryTypes.Is(awaitable, types.Task) || CoreLibraryTypes.Is(awaitable, types.TaskOfT) ? NullReceiverResult.CompletedTask
            : CoreLibraryTypes.Is(awaitable, types.ValueTask) || CoreLibraryTypes.Is(awaitable, types.ValueTaskOfT) ? NullReceiverResult.Default
            : NullReceiverResult.None;

    /// <summary>
    /// The awaitable type of <paramref name="rewrittenCall"/> put in place of <paramref name="call"/>, bound inside its
    /// access (alone, <c>.WriteAsync(x)</c> binds to nothing), when it resolves to <paramref name="expectedMethod"/> and
    /// the coalesced form the fix writes binds to a task too; else null.
    /// </summary>
    public static ITypeSymbol? AwaitableType(ExpressionSyntax call, SemanticModel model, ExpressionSyntax rewrittenCall, CoreLibraryTypes types, string expectedMethod)
    {
        if (StatementAccessOf(call) is not { Parent: ExpressionStatementSyntax statement } access
            || Speculate(model, statement, access.ReplaceNode(call, rewrittenCall)) is not { } speculative
            || speculative.Statement.Expression is not ConditionalAccessExpressionSyntax speculativeAccess
            || LastCall(speculativeAccess) is not { } bound
            || speculative.Model.GetSymbolInfo(bound).Symbol is not IMethodSymbol method
            || method.Name != expectedMethod)
        {
            return null;
        }

        var awaitable = speculative.Model.GetTypeInfo(bound).Type;
        var whenNull = WhenReceiverNull(awaitable, types);
        if (whenNull == NullReceiverResult.None)
        {
            return null;
        }

        // `?? default` needs C# 7.1; binding the whole form checks it where it will stand.
        var coalesced = SpeculativeBinding.Reparsed(Coalesced(speculativeAccess, static call => call, whenNull));
        var type = model.GetSpeculativeTypeInfo(statement.SpanStart, coalesced, SpeculativeBindingOption.BindAsExpression).Type;
        return types.IsTaskLike(type) ? awaitable : null;
    }

    /// <summary>Whether <paramref name="rewrittenCall"/>, in place of <paramref name="call"/>, would bind to any symbol
    /// or candidate. Where it cannot be bound in place, it is taken to bind (the name is not known to be free).</summary>
    public static bool BindsToAnything(ExpressionSyntax call, SemanticModel model, ExpressionSyntax rewrittenCall)
    {
        if (StatementAccessOf(call) is not { Parent: ExpressionStatementSyntax statement } access
            || Speculate(model, statement, access.ReplaceNode(call, rewrittenCall)) is not { } speculative
            || LastCall(speculative.Statement.Expression) is not { } bound)
        {
            return true;
        }

        var info = speculative.Model.GetSymbolInfo(bound);
        return info.Symbol is not null || !info.CandidateSymbols.IsEmpty;
    }

    /// <summary><c>(access-with-rewritten-call ?? completed)</c>, from the current syntax of the access: edits inside
    /// it (an await in an argument, a receiver made async) are kept.</summary>
    public static ExpressionSyntax Coalesced(ConditionalAccessExpressionSyntax access, Func<ExpressionSyntax, ExpressionSyntax> rewriteCall, NullReceiverResult whenNull)
    {
        // The shape was checked when the edit was planned; edits inside the access (arguments, receiver) keep its chain.
        if (LastCall(access) is not { } call)
        {
            return access;
        }

        ExpressionSyntax completed = whenNull == NullReceiverResult.Default
            ? LiteralExpression(SyntaxKind.DefaultLiteralExpression)
            : MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, TaskSyntax.Task(), IdentifierName("CompletedTask"));
        var awaitable = access.ReplaceNode(call, rewriteCall(call)).WithoutTrivia();
        return ParenthesizedExpression(BinaryExpression(
            SyntaxKind.CoalesceExpression,
            awaitable,
            Token(SyntaxKind.QuestionQuestionToken).WithLeadingTrivia(Space).WithTrailingTrivia(Space),
            completed));
    }

    /// <summary>The call an access ends in, through nested accesses (<c>a?.b?.Write(x)</c>).</summary>
    private static InvocationExpressionSyntax? LastCall(ExpressionSyntax expression)
    {
        while (expression is ConditionalAccessExpressionSyntax conditional)
        {
            expression = conditional.WhenNotNull;
        }

        return expression as InvocationExpressionSyntax;
    }

    private static (SemanticModel Model, ExpressionStatementSyntax Statement)? Speculate(SemanticModel model, ExpressionStatementSyntax statement, ExpressionSyntax access)
    {
        // Syntax built by hand has no positions; re-parsed, its names resolve as if typed in place of the statement.
        var text = ExpressionStatement(access.WithoutTrivia()).NormalizeWhitespace().ToFullString();
        return ParseStatement(text) is ExpressionStatementSyntax parsed
            && !parsed.ContainsDiagnostics
            && model.TryGetSpeculativeSemanticModel(statement.SpanStart, parsed, out var speculative)
                ? (speculative, parsed)
                : null;
    }
}

/// <summary>What an awaited conditional access stands for when its receiver is null.</summary>
internal enum NullReceiverResult
{
    /// <summary>Nothing faithful: the call after <c>?.</c> gets no fix.</summary>
    None,

    /// <summary><c>?? Task.CompletedTask</c> (a Task or Task&lt;T&gt;, whose value the statement drops).</summary>
    CompletedTask,

    /// <summary><c>?? default</c>: a default ValueTask is already completed.</summary>
    Default,
}
