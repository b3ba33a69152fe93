using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>Syntax edits that turn a function's declaration into its async form, keeping trivia in place.</summary>
internal static class AsyncSignature
{
    public static SyntaxNode MakeAsync(SyntaxNode declaration, SignatureChange change, bool addCancellationToken) => declaration switch
    {
        MethodDeclarationSyntax method => WithAsync(Retype(method, change)),
        LocalFunctionStatementSyntax local => WithAsync(local.WithReturnType(NewReturnType(local.ReturnType, change))),
        AnonymousFunctionExpressionSyntax lambda => MakeLambdaAsync(lambda, addCancellationToken),
        _ => declaration,
    };

    /// <summary>The declaration under its <c>...Async</c> name (unchanged when <paramref name="newName"/> is null).</summary>
    public static SyntaxNode Renamed(SyntaxNode declaration, string? newName) => (declaration, newName) switch
    {
        (_, null) => declaration,
        (MethodDeclarationSyntax method, _) => method.WithIdentifier(Identifier(newName).WithTriviaFrom(method.Identifier)),
        (LocalFunctionStatementSyntax local, _) => local.WithIdentifier(Identifier(newName).WithTriviaFrom(local.Identifier)),
        _ => declaration,
    };

    /// <summary>A method taking the framework's async form: the parameter it adds, and the statement that closes its body
    /// (an expression body becomes a block for it). Unchanged when there is neither.</summary>
    public static SyntaxNode Completed(SyntaxNode declaration, ParameterSyntax? addedParameter, StatementSyntax? tail)
    {
        if (declaration is not MethodDeclarationSyntax method || (addedParameter is null && tail is null))
        {
            return declaration;
        }

        if (addedParameter is not null)
        {
            method = method.WithParameterList(method.ParameterList.AddParameters(addedParameter));
        }

        if (tail is not null)
        {
            if (method.ExpressionBody is { } expressionBody)
            {
                var statement = ExpressionStatement(expressionBody.Expression.WithoutTrivia());
                method = method
                    .WithExpressionBody(null)
                    .WithSemicolonToken(default)
                    .WithParameterList(method.ParameterList.WithTrailingTrivia(LineFeed))
                    .WithBody(Block(statement, tail).WithTrailingTrivia(method.SemicolonToken.TrailingTrivia).WithAdditionalAnnotations(Formatter.Annotation));
            }
            else if (method.Body is { } body)
            {
                method = method.WithBody(body.AddStatements(tail));
            }
        }

        return method;
    }

    /// <summary>
    /// A member changed in step with another and awaiting nothing (<see cref="FunctionEdit.Awaitless"/>): it is not made
    /// async, which would only earn it a warning; it returns a completed task instead, <c>Task.FromResult&lt;T&gt;(x)</c>
    /// for each value (typed, so <c>null</c> or a derived type still converts) and <c>Task.CompletedTask</c> where it
    /// returned nothing. A thrown exception then leaves it at the call rather than in the task, where its callers,
    /// which await it at once, see it the same.
    /// </summary>
    public static SyntaxNode Awaitless(SyntaxNode declaration, SignatureChange change)
    {
        if (declaration is not MethodDeclarationSyntax method || change is not (SignatureChange.ValueToTaskOfT or SignatureChange.VoidToTask))
        {
            return declaration;
        }

        var valueType = method.ReturnType.WithoutTrivia();
        if (method.ExpressionBody is { Expression: not ThrowExpressionSyntax } arrow)
        {
            if (change == SignatureChange.ValueToTaskOfT)
            {
                method = method.WithExpressionBody(arrow.WithExpression(FromResult(valueType, arrow.Expression)));
            }
            else
            {
                method = method
                    .WithExpressionBody(null)
                    .WithSemicolonToken(default)
                    .WithParameterList(method.ParameterList.WithTrailingTrivia(LineFeed))
                    .WithBody(Block(ExpressionStatement(arrow.Expression.WithoutTrivia()), ReturnCompletedTask())
                        .WithTrailingTrivia(method.SemicolonToken.TrailingTrivia)
                        .WithAdditionalAnnotations(Formatter.Annotation));
            }
        }
        else if (method.Body is { } body)
        {
            var returns = new List<ReturnStatementSyntax>();
            foreach (var node in body.DescendantNodes(static n => !AwaitContext.IsNestedFunction(n)))
            {
                if (node is ReturnStatementSyntax statement)
                {
                    returns.Add(statement);
                }
            }

            body = body.ReplaceNodes(returns, (_, current) => current.Expression switch
            {
                null when change == SignatureChange.VoidToTask => ReturnCompletedTask().WithTriviaFrom(current),
                { } value when change == SignatureChange.ValueToTaskOfT && value is not ThrowExpressionSyntax
                    => current.WithExpression(FromResult(valueType, value)),
                _ => current,
            });
            if (change == SignatureChange.VoidToTask && body.Statements.Count == 0)
            {
                // `{ }` on one line: laid out again, braces and all, as a block with a statement is.
                body = Block(ReturnCompletedTask()).WithTriviaFrom(body).WithAdditionalAnnotations(Formatter.Annotation);
            }
            else if (change == SignatureChange.VoidToTask && body.Statements.LastOrDefault() is not (ReturnStatementSyntax or ThrowStatementSyntax))
            {
                body = body.AddStatements(ReturnCompletedTask().WithAdditionalAnnotations(Formatter.Annotation));
            }

            method = method.WithBody(body);
        }

        return Retype(method, change);
    }

    private static InvocationExpressionSyntax FromResult(TypeSyntax valueType, ExpressionSyntax value)
        => InvocationExpression(
                MemberAccessExpression(
                    SyntaxKind.SimpleMemberAccessExpression,
                    TaskSyntax.Task(),
                    GenericName(Identifier("FromResult"), TypeArgumentList(SingletonSeparatedList(valueType)))),
                ArgumentList(SingletonSeparatedList(Argument(value.WithoutTrivia()))))
            .WithTriviaFrom(value);

    private static ReturnStatementSyntax ReturnCompletedTask()
        => ReturnStatement(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, TaskSyntax.Task(), IdentifierName("CompletedTask")));

    /// <summary>Changes only the return type: for an interface (contract) declaration, which has no body to make async.</summary>
    public static MethodDeclarationSyntax Retype(MethodDeclarationSyntax method, SignatureChange change)
        => method.WithReturnType(NewReturnType(method.ReturnType, change));

    /// <summary><c>using var x = ...;</c> becomes <c>await using var x = ...;</c> (and likewise a using statement).</summary>
    public static SyntaxNode AwaitUsing(SyntaxNode usingNode)
    {
        var awaitKeyword = Token(SyntaxKind.AwaitKeyword).WithTrailingTrivia(Space);
        switch (usingNode)
        {
            case LocalDeclarationStatementSyntax local when !local.AwaitKeyword.IsKind(SyntaxKind.AwaitKeyword):
                return local
                    .WithUsingKeyword(local.UsingKeyword.WithLeadingTrivia())
                    .WithAwaitKeyword(awaitKeyword.WithLeadingTrivia(local.UsingKeyword.LeadingTrivia));
            case UsingStatementSyntax statement when !statement.AwaitKeyword.IsKind(SyntaxKind.AwaitKeyword):
                return statement
                    .WithUsingKeyword(statement.UsingKeyword.WithLeadingTrivia())
                    .WithAwaitKeyword(awaitKeyword.WithLeadingTrivia(statement.UsingKeyword.LeadingTrivia));
            default:
                return usingNode;
        }
    }

    /// <summary><c>foreach (var x in q)</c> becomes <c>await foreach (var x in q)</c>.</summary>
    public static SyntaxNode AwaitForEach(SyntaxNode loop)
    {
        if (loop is not CommonForEachStatementSyntax statement || statement.AwaitKeyword.IsKind(SyntaxKind.AwaitKeyword))
        {
            return loop;
        }

        var awaitKeyword = Token(SyntaxKind.AwaitKeyword).WithTrailingTrivia(Space).WithLeadingTrivia(statement.ForEachKeyword.LeadingTrivia);
        return statement.WithForEachKeyword(statement.ForEachKeyword.WithLeadingTrivia()).WithAwaitKeyword(awaitKeyword);
    }

    private static TypeSyntax NewReturnType(TypeSyntax returnType, SignatureChange change)
    {
        TypeSyntax newType = change switch
        {
            SignatureChange.VoidToTask => TaskSyntax.Task(),
            SignatureChange.ValueToTaskOfT => TaskSyntax.TaskOf(returnType.WithoutTrivia()),
            _ => returnType,
        };

        return newType == returnType ? returnType : newType.WithTriviaFrom(returnType);
    }

    // "async" goes right before the return type; with no modifiers it takes over the return type's leading trivia.
    private static MethodDeclarationSyntax WithAsync(MethodDeclarationSyntax method)
    {
        if (method.Modifiers.Any(SyntaxKind.AsyncKeyword))
        {
            return method;
        }

        if (method.Modifiers.Count == 0)
        {
            var leading = method.ReturnType.GetLeadingTrivia();
            return method.WithReturnType(method.ReturnType.WithLeadingTrivia()).WithModifiers(TokenList(Token(leading, SyntaxKind.AsyncKeyword, TriviaList(Space))));
        }

        return method.WithModifiers(method.Modifiers.Add(Token(SyntaxKind.AsyncKeyword).WithTrailingTrivia(Space)));
    }

    private static LocalFunctionStatementSyntax WithAsync(LocalFunctionStatementSyntax local)
    {
        if (local.Modifiers.Any(SyntaxKind.AsyncKeyword))
        {
            return local;
        }

        if (local.Modifiers.Count == 0)
        {
            var leading = local.ReturnType.GetLeadingTrivia();
            return local.WithReturnType(local.ReturnType.WithLeadingTrivia()).WithModifiers(TokenList(Token(leading, SyntaxKind.AsyncKeyword, TriviaList(Space))));
        }

        return local.WithModifiers(local.Modifiers.Add(Token(SyntaxKind.AsyncKeyword).WithTrailingTrivia(Space)));
    }

    private static AnonymousFunctionExpressionSyntax MakeLambdaAsync(AnonymousFunctionExpressionSyntax lambda, bool addCancellationToken)
    {
        if (addCancellationToken)
        {
            lambda = AddTokenParameter(lambda);
        }

        if (lambda.AsyncKeyword.IsKind(SyntaxKind.AsyncKeyword))
        {
            return lambda;
        }

        var leading = lambda.GetLeadingTrivia();
        return lambda.WithoutLeadingTrivia().WithAsyncKeyword(Token(leading, SyntaxKind.AsyncKeyword, TriviaList(Space)));
    }

    private static AnonymousFunctionExpressionSyntax AddTokenParameter(AnonymousFunctionExpressionSyntax lambda)
    {
        var parameter = Parameter(Identifier(TokenSource.NewParameterName))
            .WithType(ParseTypeName("global::System.Threading.CancellationToken")
                .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation)
                .WithTrailingTrivia(Space));
        return lambda switch
        {
            ParenthesizedLambdaExpressionSyntax parenthesized => parenthesized.WithParameterList(parenthesized.ParameterList.AddParameters(parameter)),
            AnonymousMethodExpressionSyntax anonymous => anonymous.WithParameterList((anonymous.ParameterList ?? ParameterList()).AddParameters(parameter)),
            _ => lambda,
        };
    }
}
