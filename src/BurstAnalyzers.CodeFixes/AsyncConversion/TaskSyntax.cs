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

    /// <summary><c>await awaitable</c> with the trivia of the expression it replaces.</summary>
    public static ExpressionSyntax Await(ExpressionSyntax awaitable, bool parenthesize, SyntaxNode replaced)
    {
        var awaited = AwaitExpression(Token(SyntaxKind.AwaitKeyword).WithTrailingTrivia(Space), awaitable.WithoutTrivia());
        ExpressionSyntax result = parenthesize ? ParenthesizedExpression(awaited) : awaited;
        return result.WithTriviaFrom(replaced);
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
