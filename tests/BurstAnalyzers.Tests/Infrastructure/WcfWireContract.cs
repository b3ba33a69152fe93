using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>One operation as it appears on the wire.</summary>
internal sealed record WireOperation(string Name, string Action, string? ReplyAction, bool IsOneWay);

/// <summary>
/// The wire-visible description of a WCF contract, computed from a compilation by WCF's own naming rules: contract
/// name and namespace from [ServiceContract] (default http://tempuri.org/), operation name from
/// [OperationContract(Name)] or the method name minus "Async" for Task-returning methods, Action = namespace +
/// contract + "/" + operation unless given, ReplyAction = Action + "Response" for request-reply operations.
/// Written independently of the product's code; it stands in for CoreWCF's ContractDescription, which the package
/// source does not serve.
/// </summary>
internal static class WcfWireContract
{
    public static async Task<IReadOnlyList<WireOperation>> DescribeAsync(Project project, string contractMetadataName)
    {
        var compilation = (await project.GetCompilationAsync())!;
        var contract = compilation.GetTypeByMetadataName(contractMetadataName)
            ?? throw new InvalidOperationException(contractMetadataName + " not found.");
        var serviceContract = contract.GetAttributes().Single(a => a.AttributeClass?.Name == "ServiceContractAttribute");
        var contractName = Named(serviceContract, "Name") ?? contract.Name;
        var ns = Named(serviceContract, "Namespace") ?? "http://tempuri.org/";
        if (!ns.EndsWith('/'))
        {
            ns += "/";
        }

        var operations = new List<WireOperation>();
        foreach (var method in contract.GetMembers().OfType<IMethodSymbol>())
        {
            var operation = method.GetAttributes().SingleOrDefault(a => a.AttributeClass?.Name == "OperationContractAttribute");
            if (operation is null)
            {
                continue;
            }

            var returnsTask = method.ReturnType.ContainingNamespace?.ToDisplayString() == "System.Threading.Tasks" && method.ReturnType.Name == "Task";
            var name = Named(operation, "Name")
                ?? (returnsTask && method.Name.EndsWith("Async", StringComparison.Ordinal) ? method.Name[..^5] : method.Name);
            var oneWay = operation.NamedArguments.Any(a => a.Key == "IsOneWay" && a.Value.Value is true);
            var action = Named(operation, "Action") ?? ns + contractName + "/" + name;
            var reply = oneWay ? null : Named(operation, "ReplyAction") ?? action + "Response";
            operations.Add(new WireOperation(name, action, reply, oneWay));
        }

        return operations.OrderBy(o => o.Name, StringComparer.Ordinal).ToList();
    }

    private static string? Named(AttributeData attribute, string name)
        => attribute.NamedArguments.FirstOrDefault(a => a.Key == name).Value.Value as string;
}
