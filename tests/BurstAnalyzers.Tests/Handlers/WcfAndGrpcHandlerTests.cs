using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>WCF REST and offloaded operations, and gRPC services. (Contract basics: see the BURST001 tests.)</summary>
public class WcfAndGrpcHandlerTests
{
    [Fact]
    public Task RestOperations() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using CoreWCF;
        using CoreWCF.Web;

        [ServiceContract]
        public interface IRest
        {
            [OperationContract]
            [WebGet(UriTemplate = "/items")]
            string Items();

            [WebInvoke(Method = "POST")]
            void Add(string item);
        }

        public class Rest : IRest
        {
            public string Items()
            {
                {|BURST001:Thread.Sleep(1)|};
                return "";
            }

            public void Add(string item) => {|BURST001:Thread.Sleep(1)|};
        }
        """);

    // BurstAnalyzers.Offload and BurstAnalyzers.Offload.SoapCore, as far as the analyzer needs to know.
    private const string OffloadForSoapCore = """

        namespace BurstAnalyzers.Offload
        {
            [System.AttributeUsage(System.AttributeTargets.Class | System.AttributeTargets.Method)]
            public sealed class OffloadBlockingAttribute : System.Attribute { }

            public static class SoapCoreOffloadServiceCollectionExtensions { }
        }
        """;

    // BurstAnalyzers.Offload alone: the attribute, and nothing that runs SOAP operations on its threads.
    private const string OffloadOnly = """

        namespace BurstAnalyzers.Offload
        {
            [System.AttributeUsage(System.AttributeTargets.Class | System.AttributeTargets.Method)]
            public sealed class OffloadBlockingAttribute : System.Attribute { }
        }
        """;

    [Fact]
    public Task OffloadedOperations_OnContractImplementationOrService_WhereSoapCoreOffloadRunsThem() => Verify.VerifyAnalyzerAsync("""
        using System.ServiceModel;
        using System.Threading;
        using BurstAnalyzers.Offload;

        [ServiceContract]
        public interface ILegacy
        {
            [OperationContract, OffloadBlocking]
            void OnContract();

            [OperationContract]
            void OnImplementation();

            [OperationContract]
            void NotOffloaded();
        }

        public class Legacy : ILegacy
        {
            public void OnContract() => Thread.Sleep(1);

            [OffloadBlocking]
            public void OnImplementation() => Thread.Sleep(1);

            public void NotOffloaded() => {|BURST001:Thread.Sleep(1)|};
        }

        // Implemented explicitly: the contract method's attribute still reaches it.
        public class ExplicitLegacy : ILegacy
        {
            void ILegacy.OnContract() => Thread.Sleep(1);
            void ILegacy.OnImplementation() => {|BURST001:Thread.Sleep(1)|};
            void ILegacy.NotOffloaded() => {|BURST001:Thread.Sleep(1)|};
        }

        [OffloadBlocking]
        public class WholeService : ILegacy
        {
            public void OnContract() => Thread.Sleep(1);
            public void OnImplementation() => Thread.Sleep(1);
            public void NotOffloaded() => Thread.Sleep(1);
        }
        """ + OffloadForSoapCore);

    [Fact]
    public Task OffloadAttribute_WhereNothingHonoursIt_SilencesNothing() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using BurstAnalyzers.Offload;
        using Grpc.Core;

        // System.ServiceModel without BurstAnalyzers.Offload.SoapCore: SoapCore's own invoker runs the operation.
        [System.ServiceModel.ServiceContract]
        public interface ISoap
        {
            [System.ServiceModel.OperationContract, OffloadBlocking]
            void OnContract();
        }

        [OffloadBlocking]
        public class Soap : ISoap
        {
            public void OnContract() => {|BURST001:Thread.Sleep(1)|};
        }

        // CoreWCF dispatches operations itself; no offload integration exists for it.
        [CoreWCF.ServiceContract]
        public interface ICore
        {
            [CoreWCF.OperationContract]
            void Operation();
        }

        public class Core : ICore
        {
            [OffloadBlocking]
            public void Operation() => {|BURST001:Thread.Sleep(1)|};
        }

        public static class Greeter
        {
            [BindServiceMethod(typeof(Greeter), "BindService")]
            public abstract class GreeterBase
            {
                public virtual Task<string> SayHello(string request, ServerCallContext context) => Task.FromResult("");
            }
        }

        // gRPC has no filter that honours it.
        [OffloadBlocking]
        public class GreeterService : Greeter.GreeterBase
        {
            [OffloadBlocking]
            public override Task<string> SayHello(string request, ServerCallContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.FromResult("hello " + request);
            }
        }
        """ + OffloadOnly);

    [Fact]
    public Task GrpcServiceOverrides() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Grpc.Core;

        public static class Greeter
        {
            [BindServiceMethod(typeof(Greeter), "BindService")]
            public abstract class GreeterBase
            {
                public virtual Task<string> SayHello(string request, ServerCallContext context) => Task.FromResult("");
            }
        }

        public class GreeterService : Greeter.GreeterBase
        {
            public override Task<string> SayHello(string request, ServerCallContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.FromResult("hello " + request);
            }

            public string Helper()
            {
                Thread.Sleep(1);
                return "";
            }
        }
        """);
}
