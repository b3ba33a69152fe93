using System.ServiceModel;
using System.ServiceModel.Web;

namespace LegacyServices.Wcf
{
    // A WCF REST service (webHttpBinding): [WebGet] operations are request handlers too.
    [ServiceContract]
    public interface ICatalog
    {
        [OperationContract]
        [WebGet(UriTemplate = "/items/{id}")]
        string Item(string id);
    }
}
