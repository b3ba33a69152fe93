using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Rules;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst001;

public class ThreadSleepAnalyzerTests
{
    [Fact]
    public Task CoreWcfOperationImplementation_IntAndTimeSpan() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using CoreWCF;

        [ServiceContract]
        public interface IQuoteService
        {
            [OperationContract]
            string GetQuote(string symbol);

            [OperationContract(IsOneWay = true)]
            void Refresh();
        }

        public class QuoteService : IQuoteService
        {
            public string GetQuote(string symbol)
            {
                {|BURST001:Thread.Sleep(2000)|};
                return symbol;
            }

            public void Refresh() => {|BURST001:Thread.Sleep(TimeSpan.FromSeconds(1))|};
        }
        """);

    [Fact]
    public Task ClassicWcfOperationImplementation_MatchedByFullName() => Verify.VerifyAnalyzerAsync("""
        using System.ServiceModel;
        using System.Threading;

        [ServiceContract]
        public interface IOrders
        {
            [OperationContract]
            int Count();
        }

        public class Orders : IOrders
        {
            public int Count()
            {
                {|BURST001:Thread.Sleep(100)|};
                return 1;
            }
        }
        """);

    [Fact]
    public Task ExplicitImplementationAndInheritedContract() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using CoreWCF;

        [ServiceContract]
        public interface IBase
        {
            [OperationContract]
            void Ping();
        }

        [ServiceContract]
        public interface IDerived : IBase
        {
            [OperationContract]
            void Pong();
        }

        public class Service : IDerived
        {
            void IBase.Ping() => {|BURST001:Thread.Sleep(1)|};

            public void Pong() => {|BURST001:Thread.Sleep(1)|};
        }
        """);

    [Fact]
    public Task OperationContractOnServiceContractClass() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using CoreWCF;

        [ServiceContract]
        public class Calculator
        {
            [OperationContract]
            public int Add(int a, int b)
            {
                {|BURST001:Thread.Sleep(10)|};
                return a + b;
            }

            public int NotAnOperation()
            {
                Thread.Sleep(10);
                return 0;
            }
        }
        """);

    [Fact]
    public Task ControllerActions_LambdasAndLocalFunctionsCount() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        [ApiController]
        [Route("orders")]
        public class OrdersController : ControllerBase
        {
            [HttpGet]
            public IActionResult Get()
            {
                {|BURST001:Thread.Sleep(1000)|};
                return Ok();
            }

            [HttpPost]
            public async Task<IActionResult> Post()
            {
                await Task.Yield();
                {|BURST001:Thread.Sleep(5)|};
                return Ok();
            }

            [HttpGet("lambda")]
            public IActionResult WithLambda()
            {
                Action wait = () => {|BURST001:Thread.Sleep(1)|};
                wait();
                Pause();
                return Ok();

                void Pause() => {|BURST001:Thread.Sleep(2)|};
            }
        }

        public class HomeController : Controller
        {
            public IActionResult Index()
            {
                {|BURST001:Thread.Sleep(1)|};
                return View();
            }
        }

        // Named "*Controller": a controller by convention, no base class needed.
        public class PlainController
        {
            public string Hello()
            {
                {|BURST001:Thread.Sleep(1)|};
                return "hi";
            }
        }
        """);

    [Fact]
    public Task AbstractBaseControllerMethodsAreActionsOfDerivedControllers() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public abstract class ApiControllerBase<T> : ControllerBase
        {
            public T Echo(T value)
            {
                {|BURST001:Thread.Sleep(1)|};
                return value;
            }
        }

        public class NumbersController : ApiControllerBase<int>
        {
        }
        """);

    [Fact]
    public Task NotActions_NotReported() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class ProductsController : ControllerBase, IDisposable
        {
            public ProductsController() => Thread.Sleep(1);

            public int Version
            {
                get { Thread.Sleep(1); return 1; }
            }

            [NonAction]
            public void Helper() => Thread.Sleep(1);

            public static void Shared() => Thread.Sleep(1);

            public void Generic<T>() => Thread.Sleep(1);

            public override string ToString()
            {
                Thread.Sleep(1);
                return "";
            }

            public void Dispose() => Thread.Sleep(1);

            private void Private() => Thread.Sleep(1);

            internal void Internal() => Thread.Sleep(1);

            public class NestedController : ControllerBase
            {
                public void Action() => Thread.Sleep(1);
            }
        }

        [NonController]
        public class ExcludedController : ControllerBase
        {
            public void Action() => Thread.Sleep(1);
        }

        internal class InternalController : ControllerBase
        {
            public void Action() => Thread.Sleep(1);
        }

        public class ControllerHelper
        {
            public void Action() => Thread.Sleep(1);
        }

        public class Worker
        {
            public void Run() => Thread.Sleep(1);
        }
        """);

    [Fact]
    public Task NotOperations_NotReported() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using CoreWCF;

        public interface INotAContract
        {
            void Run();
        }

        [ServiceContract]
        public interface IContract
        {
            [OperationContract]
            void Run();

            void NotAnOperation();
        }

        public class Service : IContract, INotAContract
        {
            void IContract.Run() => {|BURST001:Thread.Sleep(1)|};

            void INotAContract.Run() => Thread.Sleep(1);

            public void NotAnOperation() => Thread.Sleep(1);

            public static void Helper() => Thread.Sleep(1);
        }
        """);

    [Fact]
    public Task OtherSleepMethodsAreNotThreadSleep() => Verify.VerifyAnalyzerAsync("""
        using Microsoft.AspNetCore.Mvc;

        public static class Thread
        {
            public static void Sleep(int milliseconds) { }
        }

        public class ClockController : ControllerBase
        {
            public void Tick() => Thread.Sleep(1);
        }
        """);

    [Fact]
    public Task GeneratedCodeIsNotReported() => Verify.VerifyAnalyzerAsync("""
        // <auto-generated/>
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class GeneratedController : ControllerBase
        {
            public void Get() => Thread.Sleep(1);
        }
        """);

    [Fact]
    public Task ProjectWithoutHandlerFramework_NothingReported() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Threading;

            public class HomeController
            {
                public void Index() => Thread.Sleep(1);
            }
            """),
        references: ReferenceSets.BclOnly);

    [Fact]
    public Task MessageNamesTheCallAndTheHandler() => Verify.VerifyAnalyzerAsync(
        """
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                public void Get() => {|#0:Thread.Sleep(1)|};
            }
            """,
        Verify.Diagnostic("BURST001")
            .WithLocation(0)
            .WithSeverity(Microsoft.CodeAnalysis.DiagnosticSeverity.Warning)
            .WithMessage("'Thread.Sleep' blocks a thread-pool thread in request handler 'OrdersController.Get'; use 'await Task.Delay' instead"));

    [Fact]
    public Task BrokenCodeDoesNotThrow() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;
            using CoreWCF;

            [ServiceContract]
            public interface IBroken
            {
                [OperationContract]
                Missing Get(
            }

            public class BrokenController : ControllerBase
            {
                public Unknown Get() { Thread.Sleep(; }
                public void Other() => {|BURST001:Thread.Sleep(1)|};
            }
            """),
        allowCompilerErrors: true);
}
