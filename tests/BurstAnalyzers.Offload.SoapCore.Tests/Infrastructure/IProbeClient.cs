using System.ServiceModel;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.SoapCore.TestHost;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;

/// <summary>
/// The client's view of <see cref="IProbeService"/>, Task-based as `dotnet-svcutil` would generate it: awaiting the
/// calls keeps the test process's own threads free while the server blocks (the WCF client strips the Async suffix, so
/// the operation names are the service's).
/// </summary>
[ServiceContract(Name = nameof(IProbeService), Namespace = "urn:burst-tests")]
public interface IProbeClient
{
    [OperationContract]
    Task<ThreadReport> PlainAsync(int sleepMs);

    [OperationContract]
    Task<ThreadReport> MarkedOnContractAsync(int sleepMs);

    [OperationContract]
    Task<ThreadReport> MarkedOnImplementationAsync(int sleepMs);

    [OperationContract]
    Task<ThreadReport> MarkedOnExplicitImplementationAsync(int sleepMs);

    [OperationContract]
    Task<ThreadReport> MarkedAsync(int sleepMs);

    [OperationContract]
    [FaultContract(typeof(ProbeFault), Action = "urn:burst-tests/fault")]
    Task<string> FailOffloadedAsync(string kind);

    [OperationContract]
    [FaultContract(typeof(ProbeFault), Action = "urn:burst-tests/fault")]
    Task<string> FailPlainAsync(string kind);
}
