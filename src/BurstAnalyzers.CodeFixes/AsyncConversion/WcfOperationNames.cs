using System;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// The WCF wire names of an operation. WCF and CoreWCF name an operation after [OperationContract(Name)] or else the
/// method, minus an "Async" suffix when (and only when) the method returns a Task; the default SOAP action is built
/// from that name. So a sync "GetAsync" that becomes Task-returning needs Name = "GetAsync" to keep its contract.
/// </summary>
internal static class WcfOperationNames
{
    private const string AsyncSuffix = "Async";

    public static string OperationName(IMethodSymbol method, AttributeData operationContract, bool returnsTask)
    {
        if (ExplicitName(operationContract) is { } name)
        {
            return name;
        }

        return returnsTask && method.Name.EndsWith(AsyncSuffix, StringComparison.Ordinal) && method.Name.Length > AsyncSuffix.Length
            ? method.Name.Substring(0, method.Name.Length - AsyncSuffix.Length)
            : method.Name;
    }

    /// <summary>True when turning the sync method into a Task-returning one would change its operation name.</summary>
    public static bool NeedsExplicitName(IMethodSymbol method, AttributeData operationContract)
        => ExplicitName(operationContract) is null && method.Name.EndsWith(AsyncSuffix, StringComparison.Ordinal);

    /// <summary>
    /// False when adding Name = the method's name would rename the operation on SoapCore: with an Action and no Name,
    /// SoapCore (unlike WCF) names an operation after the action's last "/" segment, and an explicit Name then wins. The
    /// Name keeps both hosts' contracts only when it is that very segment (or the action has no "/").
    /// </summary>
    public static bool ExplicitNameKeepsSoapCoreName(IMethodSymbol method, AttributeData operationContract)
    {
        if (NamedString(operationContract, "Action") is not { } action)
        {
            return true;
        }

        var slash = action.LastIndexOf('/');
        return slash < 0 || string.Equals(action.Substring(slash + 1), method.Name, StringComparison.Ordinal);
    }

    /// <summary><c>[OperationContract(...)]</c> with <c>Name = "name"</c> appended to its arguments.</summary>
    public static AttributeSyntax WithName(AttributeSyntax attribute, string name)
    {
        var argument = AttributeArgument(LiteralExpression(SyntaxKind.StringLiteralExpression, Literal(name)))
            .WithNameEquals(NameEquals(IdentifierName("Name")));
        var arguments = attribute.ArgumentList ?? AttributeArgumentList();
        return attribute.WithArgumentList(arguments.AddArguments(argument));
    }

    private static string? ExplicitName(AttributeData operationContract) => NamedString(operationContract, "Name");

    private static string? NamedString(AttributeData operationContract, string key)
    {
        foreach (var argument in operationContract.NamedArguments)
        {
            if (argument.Key == key && argument.Value.Value is string { Length: > 0 } value)
            {
                return value;
            }
        }

        return null;
    }
}
