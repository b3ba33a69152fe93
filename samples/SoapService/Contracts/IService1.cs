using System.ServiceModel;

namespace SoapService.Contracts;

// The WCF report's contract, as Visual Studio's WCF Service Application template writes it.
[ServiceContract]
public interface IService1
{
    [OperationContract]
    string GetData(int value);
}
