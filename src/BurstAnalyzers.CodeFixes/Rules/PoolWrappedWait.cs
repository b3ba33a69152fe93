using System.Collections.Immutable;
using System.Threading;
using BurstAnalyzers.AsyncConversion;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.CallGraph;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Rules;

/// <summary>
/// A wait on a task that a lambda queued to the pool produces: <c>Task.Run(() =&gt; LoadAsync().Result).Result</c>.
/// Awaiting the outer task would free the request thread but still hold a pool thread in the lambda for each request,
/// and hide the problem. The faithful rewrite awaits what the lambda waits for: <c>await LoadAsync()</c>. When the
/// lambda blocks in any other way, the wait gets no fix and stays reported.
/// </summary>
internal static class PoolWrappedWait
{
    public enum Verdict
    {
        /// <summary>Not a pool-queued task, or its lambda does not block: await the task as it is.</summary>
        NotWrapped,

        /// <summary>The lambda only waits for one task: await that task instead.</summary>
        Unwrap,

        /// <summary>The lambda blocks otherwise: no faithful async rewrite.</summary>
        Blocks,
    }

    public static Verdict Judge(ExpressionSyntax task, SemanticModel model, Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptionsProvider? options, CancellationToken cancellationToken)
    {
        if (QueuedLambda(task) is not { } lambda
            || model.GetSymbolInfo(Unconfigured(task), cancellationToken).Symbol is not IMethodSymbol queue
            || !IsPoolQueue(queue)
            || model.GetOperation(lambda, cancellationToken) is not IAnonymousFunctionOperation operation)
        {
            return Verdict.NotWrapped;
        }

        // The rewrite is given no additional files: the lambda's own calls are judged without library facts.
        var verdict = BlockingVerdict.For(model.Compilation, ImmutableArray<AdditionalText>.Empty);
        var handlers = Handlers.RequestHandlerModel.ForFix(model.Compilation);
        var configuration = options is null ? Options.BurstConfiguration.Empty : handlers.Configuration.For(options, model.SyntaxTree);
        var waits = 0;
        var innerWait = WaitExpression(lambda);
        foreach (var inner in operation.Body.Descendants())
        {
            var blocking = verdict.InBody(inner, configuration);

            var reaches = blocking is null && inner is IInvocationOperation call && options is not null
                && !ReachedBlockingCalls.Under(call, model.Compilation, options, ImmutableArray<AdditionalText>.Empty, cancellationToken).IsEmpty;
            if (blocking is null && !reaches)
            {
                continue;
            }

            if (innerWait is not null && blocking is not null && blocking.Operation.Syntax == innerWait)
            {
                waits++;
                continue;
            }

            return Verdict.Blocks;
        }

        return waits == 1 && ((ArgumentListSyntax)lambda.Parent!.Parent!).Arguments.Count == 1 && lambda.ParameterList() == 0 ? Verdict.Unwrap : waits == 0 ? Verdict.NotWrapped : Verdict.Blocks;
    }

    /// <summary>In current (possibly edited) syntax: the task the queued lambda waits for, or null when the shape changed.</summary>
    public static ExpressionSyntax? InnerTask(ExpressionSyntax task)
        => QueuedLambda(task) is { } lambda && WaitedTask(lambda) is { } waited ? waited : null;

    private static int ParameterList(this AnonymousFunctionExpressionSyntax lambda) => lambda switch
    {
        ParenthesizedLambdaExpressionSyntax parenthesized => parenthesized.ParameterList.Parameters.Count,
        SimpleLambdaExpressionSyntax => 1,
        AnonymousMethodExpressionSyntax anonymous => anonymous.ParameterList?.Parameters.Count ?? 0,
        _ => 1,
    };

    private static bool IsPoolQueue(IMethodSymbol method)
    {
        var type = method.ContainingType;
        if (type is null || type.ContainingNamespace is not { Name: "Tasks", ContainingNamespace: { Name: "Threading", ContainingNamespace.Name: "System" } })
        {
            return false;
        }

        return (method.Name == "Run" && type.Name == "Task") || (method.Name == "StartNew" && type.Name == "TaskFactory");
    }

    /// <summary>t in t.ConfigureAwait(x).</summary>
    private static ExpressionSyntax Unconfigured(ExpressionSyntax task)
        => task is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ConfigureAwait" } access } ? access.Expression : task;

    private static AnonymousFunctionExpressionSyntax? QueuedLambda(ExpressionSyntax task)
        => Unconfigured(task) is InvocationExpressionSyntax { ArgumentList.Arguments: { Count: > 0 } arguments }
            ? arguments[0].Expression as AnonymousFunctionExpressionSyntax
            : null;

    /// <summary>The lambda's whole body when it is one wait: E.Result, E.GetAwaiter().GetResult() or E.Wait(), as an
    /// expression body or a block of one statement.</summary>
    private static ExpressionSyntax? WaitExpression(AnonymousFunctionExpressionSyntax lambda)
    {
        var body = lambda.ExpressionBody;
        if (body is null && lambda.Block is { Statements.Count: 1 } block)
        {
            body = block.Statements[0] switch
            {
                ReturnStatementSyntax { Expression: { } returned } => returned,
                ExpressionStatementSyntax statement => statement.Expression,
                _ => null,
            };
        }

        return WaitedTaskOf(body) is null ? null : body;
    }

    /// <summary>E in () =&gt; E.Result, () =&gt; E.GetAwaiter().GetResult(), () =&gt; E.Wait().</summary>
    private static ExpressionSyntax? WaitedTask(AnonymousFunctionExpressionSyntax lambda) => WaitedTaskOf(WaitExpression(lambda));

    private static ExpressionSyntax? WaitedTaskOf(ExpressionSyntax? body)
    {
        return body switch
        {
            MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Result" } result => result.Expression,
            InvocationExpressionSyntax { ArgumentList.Arguments.Count: 0, Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "GetResult", Expression: InvocationExpressionSyntax { ArgumentList.Arguments.Count: 0, Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "GetAwaiter" } getAwaiter } } } => getAwaiter.Expression,
            InvocationExpressionSyntax { ArgumentList.Arguments.Count: 0, Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Wait" } wait } => wait.Expression,
            _ => null,
        };
    }
}
