using System.Runtime.Serialization;

namespace BurstAnalyzers.Offload.SoapCore.TestHost;

/// <summary>The detail of a typed SOAP fault.</summary>
[DataContract(Namespace = "urn:burst-tests")]
public sealed class ProbeFault
{
    [DataMember]
    public string? Reason { get; set; }

    [DataMember]
    public int Code { get; set; }
}
