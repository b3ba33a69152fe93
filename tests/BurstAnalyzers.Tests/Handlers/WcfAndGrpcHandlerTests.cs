using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
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
        """ + OffloadPackageStandIn.WithSoapCore);

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
        """ + OffloadPackageStandIn.Attribute);

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
