using System.ServiceModel;

namespace LegacyServices.Wcf
{
    // The WCF report's contract, exactly its shape.
    [ServiceContract]
    public interface IService1
    {
        [OperationContract]
        string GetData(int value);
    }
}
