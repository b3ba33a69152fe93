using System.ServiceModel;

namespace SoapService.Contracts;

// Two more ways a SOAP operation blocks: on a task's .Result, and two calls down in the services it uses.
[ServiceContract(Namespace = "urn:soap-service:reports")]
public interface IReportService
{
    [OperationContract]
    string GetReport(int id);

    [OperationContract]
    string GetQuote(string symbol);
}
