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

    [Fact]
    public Task OffloadedOperations_OnContractImplementationOrService() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using BurstAnalyzers.Offload;
        using CoreWCF;

        namespace BurstAnalyzers.Offload
        {
            [AttributeUsage(AttributeTargets.Class | AttributeTargets.Method)]
            public sealed class OffloadBlockingAttribute : Attribute { }
        }

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

        [OffloadBlocking]
        public class WholeService : ILegacy
        {
            public void OnContract() => Thread.Sleep(1);
            public void OnImplementation() => Thread.Sleep(1);
            public void NotOffloaded() => Thread.Sleep(1);
        }
        """);

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
