using System.ServiceModel;
using System.Threading.Tasks;

namespace BurstAnalyzers.Offload.SoapCore.TestHost;

/// <summary>
/// The contract the test host serves. Each way of marking an operation has its own operation, so one host answers
/// every test; where the mark sits is in <see cref="ProbeService"/>.
/// </summary>
[ServiceContract(Namespace = "urn:burst-tests")]
public interface IProbeService
{
    /// <summary>Not marked anywhere: SoapCore's invoker runs it on the request's thread.</summary>
    [OperationContract]
    ThreadReport Plain(int sleepMs);

    /// <summary>[OffloadBlocking] on this contract method.</summary>
    [OperationContract]
    [OffloadBlocking]
    ThreadReport MarkedOnContract(int sleepMs);

    /// <summary>[OffloadBlocking] on the implementing method.</summary>
    [OperationContract]
    ThreadReport MarkedOnImplementation(int sleepMs);

    /// <summary>[OffloadBlocking] on an explicit implementation.</summary>
    [OperationContract]
    ThreadReport MarkedOnExplicitImplementation(int sleepMs);

    /// <summary>Task-returning and marked: its synchronous part runs offloaded, its await wherever it completes.</summary>
    [OperationContract]
    Task<ThreadReport> MarkedAsync(int sleepMs);

    /// <summary>Throws the fault <paramref name="kind"/> names, offloaded.</summary>
    [OperationContract]
    [OffloadBlocking]
    string FailOffloaded(string kind);

    /// <summary>Throws the fault <paramref name="kind"/> names, not offloaded.</summary>
    [OperationContract]
    string FailPlain(string kind);
}
