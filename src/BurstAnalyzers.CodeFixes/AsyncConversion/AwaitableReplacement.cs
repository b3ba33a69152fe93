using System;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>What a blocking expression becomes: an awaitable built from the current (possibly already edited) syntax
/// and, when the async API takes one, a cancellation token.</summary>
internal sealed class AwaitableReplacement
{
    private readonly Func<ExpressionSyntax, ExpressionSyntax?, ExpressionSyntax> _create;

    public AwaitableReplacement(
        Func<ExpressionSyntax, ExpressionSyntax?, ExpressionSyntax> create,
        bool acceptsCancellationToken,
        bool awaitUsing,
        string? requiredNamespace = null,
        NullReceiverResult whenReceiverNull = NullReceiverResult.None,
        bool awaitForEach = false)
    {
        _create = create;
        AcceptsCancellationToken = acceptsCancellationToken;
        AwaitUsing = awaitUsing;
        AwaitForEach = awaitForEach;
        RequiredNamespace = requiredNamespace;
        WhenReceiverNull = whenReceiverNull;
    }

    /// <summary>The awaitable is the call itself (a caller of a method that became async: it now returns Task or
    /// Task&lt;T&gt;).</summary>
    public static AwaitableReplacement AwaitTheCall { get; } = new((current, _) => current, acceptsCancellationToken: false, awaitUsing: false, whenReceiverNull: NullReceiverResult.CompletedTask);

    /// <summary>The call of a function that became async and took its <c>...Async</c> name.</summary>
    public static AwaitableReplacement AwaitTheCallRenamed(string newName)
        => new((current, _) => InvocationRewrites.Rename(current, newName, null), acceptsCancellationToken: false, awaitUsing: false, whenReceiverNull: NullReceiverResult.CompletedTask);

    /// <summary>What the awaitable stands for when the call is written after <c>?.</c> and the receiver is null
    /// (<see cref="ConditionalCalls"/>); <see cref="NullReceiverResult.None"/> where no such call gets the fix.</summary>
    public NullReceiverResult WhenReceiverNull { get; }

    /// <summary>The same rewrite applied to the call an expression-statement access ends in, the access awaited whole:
    /// <c>a?.Write(x)</c> → <c>(a?.WriteAsync(x) ?? Task.CompletedTask)</c>. Null when there is no completed value
    /// to stand in for a null receiver.</summary>
    public AwaitableReplacement? AfterQuestionDot()
    {
        if (WhenReceiverNull == NullReceiverResult.None)
        {
            return null;
        }

        var create = _create;
        var whenNull = WhenReceiverNull;
        return new AwaitableReplacement(
            (access, token) => ConditionalCalls.Coalesced((ConditionalAccessExpressionSyntax)access, call => create(call, token), whenNull),
            AcceptsCancellationToken,
            awaitUsing: false,
            RequiredNamespace);
    }

    /// <summary>The async API has an overload taking a trailing CancellationToken, checked by binding.</summary>
    public bool AcceptsCancellationToken { get; }

    /// <summary>The blocking call initialises a using declaration whose new value is IAsyncDisposable: <c>await using</c>.</summary>
    public bool AwaitUsing { get; }

    /// <summary>The blocking expression is the sequence a <c>foreach</c> enumerates: it becomes an async sequence, not
    /// awaited itself, and the loop becomes <c>await foreach</c>.</summary>
    public bool AwaitForEach { get; }

    /// <summary>The namespace of an extension counterpart the file does not import yet (EF Core's ToListAsync where
    /// Microsoft.EntityFrameworkCore is not imported): the fix adds the using.</summary>
    public string? RequiredNamespace { get; }

    public ExpressionSyntax Create(ExpressionSyntax current, ExpressionSyntax? cancellationToken) => _create(current, cancellationToken);
}
