using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.ServiceModel;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Xunit;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>One operation as WCF describes it (System.ServiceModel's ContractDescription): what a WCF client sends and expects.</summary>
internal sealed record WcfOperation(
    string Name,
    bool IsOneWay,
    string Action,
    string? ReplyAction,
    string? RequestWrapper,
    string? RequestWrapperNamespace,
    string? ReplyWrapper,
    string? ReplyWrapperNamespace,
    string? ReturnValue);

/// <summary>One operation as SoapCore describes it (its own ContractDescription): what a SoapCore host dispatches and answers.</summary>
internal sealed record SoapCoreOperation(string Name, bool IsOneWay, string SoapAction, string ReplyAction, string ReturnName);

/// <summary>
/// A test project compiled for real (against System.ServiceModel.Primitives 10.1.0, as ReferenceSets.Default has it)
/// and loaded into a load context of its own, so WCF and SoapCore themselves say what its contracts look
/// like on the wire. No naming rule is re-derived here.
/// </summary>
internal sealed class WireContracts : IDisposable
{
    private readonly AssemblyLoadContext _context;

    private WireContracts(AssemblyLoadContext context, Assembly assembly)
    {
        _context = context;
        Assembly = assembly;
    }

    public Assembly Assembly { get; }

    /// <param name="project">The test project, without markup.</param>
    /// <param name="collectible">False when a WCF client proxy or a host will be made for its types: those generate
    /// code that may not reference a collectible assembly. Such a context stays loaded for the test run.</param>
    public static async Task<WireContracts> CompileAsync(Project project, bool collectible = true)
    {
        var compilation = (await project.GetCompilationAsync())!;

        using var image = new MemoryStream();
        var result = compilation.Emit(image);
        Assert.True(result.Success, "The project does not compile against System.ServiceModel.Primitives:\n" + string.Join("\n", result.Diagnostics));
        image.Position = 0;

        // Unresolved references (System.ServiceModel.Primitives, the BCL) come from the test's own context, so
        // ContractDescription sees the attribute types it knows.
        var context = new AssemblyLoadContext("wire-contract " + project.Name, isCollectible: collectible);
        return new WireContracts(context, context.LoadFromStream(image));
    }

    public Type Type(string metadataName) => Assembly.GetType(metadataName, throwOnError: true)!;

    /// <summary>System.ServiceModel's description of the contract, operations in name order.</summary>
    public IReadOnlyList<WcfOperation> DescribeWithWcf(string contractMetadataName)
    {
        var contract = System.ServiceModel.Description.ContractDescription.GetContract(Type(contractMetadataName));
        return contract.Operations
            .Select(operation =>
            {
                var request = operation.Messages[0];
                var reply = operation.IsOneWay ? null : operation.Messages[1];
                return new WcfOperation(
                    operation.Name,
                    operation.IsOneWay,
                    request.Action,
                    reply?.Action,
                    request.Body.WrapperName,
                    request.Body.WrapperNamespace,
                    reply?.Body.WrapperName,
                    reply?.Body.WrapperNamespace,
                    reply?.Body.ReturnValue?.Name);
            })
            .OrderBy(o => o.Name, StringComparer.Ordinal)
            .ToList();
    }

    /// <summary>SoapCore's description of the contract as UseSoapEndpoint&lt;T&gt; builds it, operations in name order.</summary>
    public IReadOnlyList<SoapCoreOperation> DescribeWithSoapCore(string contractMetadataName)
    {
        var service = new SoapCore.ServiceModel.ServiceDescription(Type(contractMetadataName), false);
        return service.Operations
            .Select(o => new SoapCoreOperation(o.Name, o.IsOneWay, o.SoapAction, o.ReplyAction, o.ReturnName))
            .OrderBy(o => o.Name, StringComparer.Ordinal)
            .ToList();
    }

    public void Dispose()
    {
        if (_context.IsCollectible)
        {
            _context.Unload();
        }
    }
}
