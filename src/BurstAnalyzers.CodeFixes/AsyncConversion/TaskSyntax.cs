using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Simplification;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// Fully qualified System.Threading.Tasks names, annotated so that the code action's clean-up adds the using directive
/// and shortens them to "Task" wherever that name is not taken.
/// </summary>
internal static class TaskSyntax
{
    public static NameSyntax Task() => Annotate(QualifiedName(TasksNamespace(), IdentifierName("Task")));

    public static NameSyntax TaskOf(TypeSyntax result)
        => Annotate(QualifiedName(
            TasksNamespace(),
            GenericName(Identifier("Task"), TypeArgumentList(SingletonSeparatedList(result)))));

    /// <summary><c>await awaitable</c> with the trivia of the expression it replaces; <c>await
    /// awaitable.ConfigureAwait(false)</c> where the project's convention asks for it (<see cref="AwaitConvention"/>:
    /// the caller passes <paramref name="configureAwait"/> only for a Task or ValueTask awaitable).</summary>
    public static ExpressionSyntax Await(ExpressionSyntax awaitable, bool parenthesize, SyntaxNode replaced, bool configureAwait = false)
    {
        var operand = awaitable.WithoutTrivia();
        if (configureAwait)
        {
            operand = ConfigureAwaitFalse(operand);
        }

        var awaited = AwaitExpression(Token(SyntaxKind.AwaitKeyword).WithTrailingTrivia(Space), operand);
        ExpressionSyntax result = parenthesize ? ParenthesizedExpression(awaited) : awaited;
        return result.WithTriviaFrom(replaced);
    }

    /// <summary><c>awaitable.ConfigureAwait(false)</c>, the awaitable parenthesized unless it is a primary expression
    /// (<c>(a?.WriteAsync(x) ?? Task.CompletedTask).ConfigureAwait(false)</c> comes parenthesized already).</summary>
    public static InvocationExpressionSyntax ConfigureAwaitFalse(ExpressionSyntax awaitable)
    {
        var receiver = awaitable is IdentifierNameSyntax or GenericNameSyntax or MemberAccessExpressionSyntax or InvocationExpressionSyntax
            or ElementAccessExpressionSyntax or ParenthesizedExpressionSyntax or ThisExpressionSyntax or BaseExpressionSyntax
            ? awaitable
            : ParenthesizedExpression(awaitable);
        return InvocationExpression(
            MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, IdentifierName("ConfigureAwait")),
            ArgumentList(SingletonSeparatedList(Argument(LiteralExpression(SyntaxKind.FalseLiteralExpression)))));
    }

    /// <summary>An await replacing <paramref name="expression"/> needs parentheses when it is the target of a member
    /// access, element access, invocation or postfix operator: those bind tighter than await.</summary>
    public static bool AwaitNeedsParentheses(ExpressionSyntax expression) => expression.Parent switch
    {
        MemberAccessExpressionSyntax access => access.Expression == expression,
        ConditionalAccessExpressionSyntax conditional => conditional.Expression == expression,
        ElementAccessExpressionSyntax element => element.Expression == expression,
        InvocationExpressionSyntax invocation => invocation.Expression == expression,
        PostfixUnaryExpressionSyntax => true,
        _ => false,
    };

    private static QualifiedNameSyntax TasksNamespace()
        => QualifiedName(
            QualifiedName(
                AliasQualifiedName(IdentifierName(Token(SyntaxKind.GlobalKeyword)), IdentifierName("System")),
                IdentifierName("Threading")),
            IdentifierName("Tasks"));

    private static NameSyntax Annotate(NameSyntax name)
        => name.WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
}
