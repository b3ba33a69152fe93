using System;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>What a blocking expression becomes: an awaitable built from the current (possibly already edited) syntax
/// and, when the async API takes one, a cancellation token.</summary>
internal sealed class AwaitableReplacement
{
    private readonly Func<ExpressionSyntax, ExpressionSyntax?, ExpressionSyntax> _create;

    public AwaitableReplacement(Func<ExpressionSyntax, ExpressionSyntax?, ExpressionSyntax> create, bool acceptsCancellationToken, bool awaitUsing, string? requiredNamespace = null)
    {
        _create = create;
        AcceptsCancellationToken = acceptsCancellationToken;
        AwaitUsing = awaitUsing;
        RequiredNamespace = requiredNamespace;
    }

    /// <summary>The awaitable is the call itself (a caller of a method that became async).</summary>
    public static AwaitableReplacement AwaitTheCall { get; } = new((current, _) => current, acceptsCancellationToken: false, awaitUsing: false);

    /// <summary>The call of a function that became async and took its <c>...Async</c> name.</summary>
    public static AwaitableReplacement AwaitTheCallRenamed(string newName)
        => new((current, _) => InvocationRewrites.Rename(current, newName, null), acceptsCancellationToken: false, awaitUsing: false);

    /// <summary>The async API has an overload taking a trailing CancellationToken, checked by binding.</summary>
    public bool AcceptsCancellationToken { get; }

    /// <summary>The blocking call initialises a using declaration whose new value is IAsyncDisposable: <c>await using</c>.</summary>
    public bool AwaitUsing { get; }

    /// <summary>The namespace of an extension counterpart the file does not import yet (EF Core's ToListAsync where
    /// Microsoft.EntityFrameworkCore is not imported): the fix adds the using.</summary>
    public string? RequiredNamespace { get; }

    public ExpressionSyntax Create(ExpressionSyntax current, ExpressionSyntax? cancellationToken) => _create(current, cancellationToken);
}
