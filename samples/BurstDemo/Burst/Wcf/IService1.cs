using System.ServiceModel;

namespace BurstDemo.Burst.Wcf;

/// <summary>
/// samples/SoapService's IService1 as the WCF report's client saw it: the contract "Add Service Reference" generates,
/// with the operation's actions spelled out (WCF's defaults for an unnamed contract in the tempuri.org namespace).
/// </summary>
[ServiceContract(Name = "IService1", Namespace = "http://tempuri.org/")]
internal interface IService1
{
    [OperationContract(Action = "http://tempuri.org/IService1/GetData", ReplyAction = "http://tempuri.org/IService1/GetDataResponse")]
    string GetData(int value);
}
