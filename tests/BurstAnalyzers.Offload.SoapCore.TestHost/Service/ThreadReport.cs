using System.Runtime.Serialization;

namespace BurstAnalyzers.Offload.SoapCore.TestHost;

/// <summary>What an operation saw of the thread and context it ran on.</summary>
[DataContract(Namespace = "urn:burst-tests")]
public sealed class ThreadReport
{
    [DataMember]
    public bool OnOffloadThread { get; set; }

    [DataMember]
    public bool OnThreadPool { get; set; }

    /// <summary>The value of <see cref="RequestFlow.Marker"/> the operation read: what the request's middleware set.</summary>
    [DataMember]
    public string? FlowedMarker { get; set; }

    [DataMember]
    public string? Culture { get; set; }
}
