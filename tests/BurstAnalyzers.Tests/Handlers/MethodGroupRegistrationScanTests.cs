using System.Linq;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Xunit;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>
/// The registration scan looks only at the calls whose name the text shows (or walks every node when an escape hides
/// one): it finds what a walk of every node finds, in the walk's order, an enclosing call before the calls in it.
/// </summary>
public class MethodGroupRegistrationScanTests
{
    private const string Source = """
        // app.MapGet("/comment", InComment);
        class Program
        {
            static void Main(App app, Group group)
            {
                app.Use(First).Run(Second);
                group.MapGet("/health", Health).MapPost("/orders", Orders.Create);
                app.@Use(Escaped);
                Task.Run(Work);
                var text = "app.Run(InString)";
                app.Map("/x", Inner(app.MapPut("/y", Nested)));
                app.MapGet<Order>("/z", Generic<Order>);
                app?.Use(Conditional);
                app.Use();
                app.UseRouting(NotARegistration);
                Run(Local);
            }
        }
        """;

    [Fact]
    public void FindsWhatAWalkOfEveryNodeFinds()
    {
        var tree = CSharpSyntaxTree.ParseText(Source);

        var found = MethodGroupRegistrations.CandidatesOf(tree).Select(call => (call.Name, call.Call.Span)).ToArray();

        Assert.Equal(WalkOfEveryNode(tree), found);
        Assert.Equal("Second, First, Create, Health, Escaped, Work, Nested, Generic, Local", string.Join(", ", found.Select(call => call.Name)));
    }

    [Fact]
    public void AnEscapeInTheTextWalksEveryNode()
    {
        var tree = CSharpSyntaxTree.ParseText(Source.Replace("app.@Use(Escaped)", "app.\\u0055se(Escaped)"));

        var found = MethodGroupRegistrations.CandidatesOf(tree).Select(call => (call.Name, call.Call.Span)).ToArray();

        Assert.Equal(WalkOfEveryNode(tree), found);
        Assert.Contains(found, call => call.Name == "Escaped");
    }

    // The scan as it was before the positions: every invocation node named Map…, Use or Run with an argument.
    private static (string, Microsoft.CodeAnalysis.Text.TextSpan)[] WalkOfEveryNode(SyntaxTree tree)
        => tree.GetRoot().DescendantNodes().OfType<InvocationExpressionSyntax>()
            .Where(invocation => invocation.ArgumentList.Arguments.Count > 0 && IsRegistrationName(invocation.Expression))
            .SelectMany(invocation => invocation.ArgumentList.Arguments
                .Select(argument => MethodGroupName(argument.Expression))
                .Where(name => name is not null)
                .Select(name => (name!, invocation.Span)))
            .ToArray();

    private static bool IsRegistrationName(ExpressionSyntax expression) => expression switch
    {
        MemberAccessExpressionSyntax access => IsRegistrationName(access.Name.Identifier.ValueText),
        SimpleNameSyntax name => IsRegistrationName(name.Identifier.ValueText),
        _ => false,
    };

    private static bool IsRegistrationName(string name)
        => name is "Map" or "MapGet" or "MapPost" or "MapPut" or "MapDelete" or "MapPatch" or "MapMethods" or "MapFallback" or "Use" or "Run";

    private static string? MethodGroupName(ExpressionSyntax expression) => expression switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        GenericNameSyntax generic => generic.Identifier.ValueText,
        MemberAccessExpressionSyntax { RawKind: (int)SyntaxKind.SimpleMemberAccessExpression } access => access.Name.Identifier.ValueText,
        _ => null,
    };
}
