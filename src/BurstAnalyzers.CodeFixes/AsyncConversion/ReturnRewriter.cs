using BurstAnalyzers.Blocking;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// A Task-returning function that gains <c>async</c> must return values, not tasks: <c>return Task.FromResult(x)</c>
/// becomes <c>return x</c>, <c>return Task.CompletedTask</c> becomes <c>return</c>, and any other returned task is
/// awaited (with <c>.ConfigureAwait(false)</c> where the project's convention asks for it in the function and the
/// returned expression is a Task or ValueTask, <see cref="AwaitConvention"/>).
/// </summary>
internal static class ReturnRewriter
{
    public static void Register(DocumentEditor editor, SyntaxNode declaration, bool returnsValue, bool configureAwaits)
    {
        switch (AwaitContext.BodyOf(declaration))
        {
            case ArrowExpressionClauseSyntax arrow:
                var configureArrow = configureAwaits && IsTask(editor, arrow.Expression);
                editor.ReplaceNode(arrow.Expression, (current, _) => ValueOf((ExpressionSyntax)current, returnsValue, configureArrow));
                break;
            case ExpressionSyntax lambdaBody:
                var configureBody = configureAwaits && IsTask(editor, lambdaBody);
                editor.ReplaceNode(lambdaBody, (current, _) => ValueOf((ExpressionSyntax)current, returnsValue, configureBody));
                break;
            case BlockSyntax block:
                foreach (var node in block.DescendantNodes(static n => !AwaitContext.IsNestedFunction(n)))
                {
                    if (node is ReturnStatementSyntax { Expression: not null } statement)
                    {
                        Register(editor, statement, returnsValue, block, configureAwaits && IsTask(editor, statement.Expression));
                    }
                }

                break;
        }
    }

    /// <summary>Whether the returned expression (original syntax) is a Task or ValueTask, which has ConfigureAwait.</summary>
    private static bool IsTask(DocumentEditor editor, ExpressionSyntax returned)
        => CoreLibraryTypes.For(editor.SemanticModel.Compilation).IsTaskLike(editor.SemanticModel.GetTypeInfo(returned).Type);

    private static void Register(DocumentEditor editor, ReturnStatementSyntax statement, bool returnsValue, BlockSyntax body, bool configureAwait)
    {
        if (returnsValue)
        {
            editor.ReplaceNode(statement.Expression!, (current, _) => ValueOf((ExpressionSyntax)current, returnsValue: true, configureAwait));
            return;
        }

        // A final "return Task.CompletedTask;" has nothing left to say once the function is async.
        if (statement.Parent == body && body.Statements.Last() == statement && IsCompletedTask(statement.Expression!))
        {
            editor.RemoveNode(statement);
            return;
        }

        editor.ReplaceNode(statement, (current, _) =>
        {
            var returned = ((ReturnStatementSyntax)current).Expression!;
            if (IsCompletedTask(returned))
            {
                return ReturnStatement().WithTriviaFrom(current);
            }

            // return otherTask;  ->  { await otherTask; return; }
            var awaited = ExpressionStatement(TaskSyntax.Await(returned, parenthesize: false, returned, configureAwait));
            return statement.Parent is BlockSyntax
                ? awaited.WithTriviaFrom(current)
                : Block(awaited, ReturnStatement()).WithTriviaFrom(current);
        });

        if (statement.Parent is BlockSyntax block && block.Statements.IndexOf(statement) < block.Statements.Count - 1)
        {
            editor.InsertAfter(statement, ReturnStatement());
        }
    }

    /// <summary>The value an async function returns instead of the task it returned.</summary>
    private static ExpressionSyntax ValueOf(ExpressionSyntax returned, bool returnsValue, bool configureAwait)
    {
        if (returnsValue && UnwrapFromResult(returned) is { } value)
        {
            return value.WithTriviaFrom(returned);
        }

        return TaskSyntax.Await(returned, parenthesize: false, returned, configureAwait);
    }

    /// <summary>Task.FromResult(x), ValueTask.FromResult(x) and new ValueTask&lt;T&gt;(x): x.</summary>
    private static ExpressionSyntax? UnwrapFromResult(ExpressionSyntax expression) => expression switch
    {
        InvocationExpressionSyntax { ArgumentList.Arguments.Count: 1 } invocation
            when invocation.Expression is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "FromResult" } access && IsTaskTypeName(access.Expression)
            => invocation.ArgumentList.Arguments[0].Expression,
        ObjectCreationExpressionSyntax { ArgumentList.Arguments.Count: 1 } creation when IsTaskTypeName(creation.Type)
            => creation.ArgumentList.Arguments[0].Expression,
        _ => null,
    };

    private static bool IsCompletedTask(ExpressionSyntax expression)
        => expression is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "CompletedTask" } access && IsTaskTypeName(access.Expression)
            || expression is DefaultExpressionSyntax defaultValue && IsTaskTypeName(defaultValue.Type)
            || expression is LiteralExpressionSyntax literal && literal.IsKind(SyntaxKind.DefaultLiteralExpression);

    private static bool IsTaskTypeName(SyntaxNode name) => name switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText is "Task" or "ValueTask",
        GenericNameSyntax generic => generic.Identifier.ValueText is "Task" or "ValueTask",
        QualifiedNameSyntax qualified => IsTaskTypeName(qualified.Right),
        MemberAccessExpressionSyntax access => IsTaskTypeName(access.Name),
        AliasQualifiedNameSyntax alias => IsTaskTypeName(alias.Name),
        _ => false,
    };
}
