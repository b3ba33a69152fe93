using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>Classic WCF in a .NET Framework 4.8 project (C# 7.3) against the real System.ServiceModel and
/// System.ServiceModel.Web reference assemblies: SOAP operations and WCF REST [WebGet]/[WebInvoke] operations.</summary>
public class NetFrameworkWcfHandlerTests
{
    [Fact]
    public Task SoapOperationOfTheWcfReport() => Verify.VerifyNet48AnalyzerAsync("""
        using System.ServiceModel;
        using System.Threading;

        [ServiceContract]
        public interface IService1
        {
            [OperationContract]
            string GetData(int value);

            string NotAnOperation(int value);
        }

        public class Service1 : IService1
        {
            public string GetData(int value)
            {
                {|BURST001:Thread.Sleep(2000)|};
                return string.Format("You entered: {0}", value);
            }

            public string NotAnOperation(int value)
            {
                Thread.Sleep(2000);
                return "";
            }
        }
        """);

    [Fact]
    public Task RestOperations() => Verify.VerifyNet48AnalyzerAsync("""
        using System.IO;
        using System.Net;
        using System.ServiceModel;
        using System.ServiceModel.Web;

        [ServiceContract]
        public interface ICatalog
        {
            [OperationContract]
            [WebGet(UriTemplate = "/items/{id}")]
            string Item(string id);

            [OperationContract]
            [WebInvoke(Method = "POST", UriTemplate = "/items")]
            void Add(string item);
        }

        public class Catalog : ICatalog
        {
            public string Item(string id)
            {
                using (var reader = File.OpenText(Path.Combine("items", id)))
                {
                    return {|BURST003:reader.ReadToEnd()|};
                }
            }

            public void Add(string item)
            {
                using (var client = new WebClient())
                {
                    {|BURST003:client.UploadString("http://inventory/items", item)|};
                }
            }
        }
        """);
}
