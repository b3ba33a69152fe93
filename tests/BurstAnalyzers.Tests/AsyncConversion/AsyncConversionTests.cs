using System.Threading.Tasks;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.ThreadSleepFixer>;

namespace BurstAnalyzers.Tests.AsyncConversion;

/// <summary>
/// The async-conversion engine every async fix shares (src/BurstAnalyzers.CodeFixes/AsyncConversion/): what it changes beyond the
/// blocking call, and where it declines. BURST001's fix is the vehicle, its rewrite the simplest, so each case is about
/// the engine; the rules' own fixer tests cover their rewrites.
/// </summary>
public class AsyncConversionTests
{
    /// <summary>An implemented [OperationContract] changes in step with its implementation, keeping the operation's
    /// name on the wire; no fix where the contract cannot change.</summary>
    public class WcfContracts
    {
        [Fact]
        public Task CoreWcfOperation_ContractInAnotherFileChangesInStep() => Verify.VerifyCodeFixAsync(
            TestSource.Files(
                new TestSource("IQuoteService.cs", """
                    using CoreWCF;

                    namespace Quotes;

                    [ServiceContract]
                    public interface IQuoteService
                    {
                        [OperationContract]
                        string GetQuote(string symbol);

                        [OperationContract(IsOneWay = true)]
                        void Refresh();
                    }
                    """),
                new TestSource("QuoteService.cs", """
                    using System.Threading;

                    namespace Quotes;

                    public class QuoteService : IQuoteService
                    {
                        public string GetQuote(string symbol)
                        {
                            {|BURST001:Thread.Sleep(2000)|};
                            return symbol.ToUpperInvariant();
                        }

                        public void Refresh()
                        {
                            {|BURST001:Thread.Sleep(10)|};
                        }
                    }
                    """)),
            TestSource.Files(
                new TestSource("IQuoteService.cs", """
                    using System.Threading.Tasks;
                    using CoreWCF;

                    namespace Quotes;

                    [ServiceContract]
                    public interface IQuoteService
                    {
                        [OperationContract]
                        Task<string> GetQuote(string symbol);

                        [OperationContract(IsOneWay = true)]
                        void Refresh();
                    }
                    """),
                new TestSource("QuoteService.cs", """
                    using System.Threading;
                    using System.Threading.Tasks;

                    namespace Quotes;

                    public class QuoteService : IQuoteService
                    {
                        public async Task<string> GetQuote(string symbol)
                        {
                            await Task.Delay(2000);
                            return symbol.ToUpperInvariant();
                        }

                        public void Refresh()
                        {
                            {|BURST001:Thread.Sleep(10)|};
                        }
                    }
                    """)));

        // PurgeAsync is not fixed: WCF needs Name = "PurgeAsync" to keep its name once it returns a Task, but SoapCore names
        // it "purge" after its action, and that Name would rename it there.
        [Fact]
        public Task WcfOperationNamedAsync_KeepsItsOperationName() => Verify.VerifyCodeFixAsync("""
            using System.ServiceModel;
            using System.Threading;

            [ServiceContract]
            public interface IReports
            {
                [OperationContract]
                string BuildAsync(int id);

                [OperationContract(Action = "urn:reports/purge")]
                void PurgeAsync();
            }

            public class Reports : IReports
            {
                public string BuildAsync(int id)
                {
                    {|BURST001:Thread.Sleep(id)|};
                    return "report";
                }

                public void PurgeAsync() => {|BURST001:Thread.Sleep(1)|};
            }
            """, """
            using System.ServiceModel;
            using System.Threading;
            using System.Threading.Tasks;

            [ServiceContract]
            public interface IReports
            {
                [OperationContract(Name = "BuildAsync")]
                Task<string> BuildAsync(int id);

                [OperationContract(Action = "urn:reports/purge")]
                void PurgeAsync();
            }

            public class Reports : IReports
            {
                public async Task<string> BuildAsync(int id)
                {
                    await Task.Delay(id);
                    return "report";
                }

                public void PurgeAsync() => {|BURST001:Thread.Sleep(1)|};
            }
            """);

        [Fact]
        public Task ExplicitImplementation_AsyncTakesTheLeadingTrivia() => Verify.VerifyCodeFixAsync("""
            using System.Threading;
            using CoreWCF;

            [ServiceContract]
            public interface IClock
            {
                [OperationContract]
                long Now();
            }

            public class Clock : IClock
            {
                /// <summary>Slow clock.</summary>
                long IClock.Now()
                {
                    {|BURST001:Thread.Sleep(1)|};
                    return 0;
                }
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using CoreWCF;

            [ServiceContract]
            public interface IClock
            {
                [OperationContract]
                Task<long> Now();
            }

            public class Clock : IClock
            {
                /// <summary>Slow clock.</summary>
                async Task<long> IClock.Now()
                {
                    await Task.Delay(1);
                    return 0;
                }
            }
            """);

        [Fact]
        public Task OperationOnServiceContractClass_NamedAsync() => Verify.VerifyCodeFixAsync("""
            using System.Threading;
            using CoreWCF;

            [ServiceContract]
            public class Calculator
            {
                [OperationContract]
                public int AddAsync(int a, int b)
                {
                    {|BURST001:Thread.Sleep(1)|};
                    return a + b;
                }
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using CoreWCF;

            [ServiceContract]
            public class Calculator
            {
                [OperationContract(Name = "AddAsync")]
                public async Task<int> AddAsync(int a, int b)
                {
                    await Task.Delay(1);
                    return a + b;
                }
            }
            """);

        [Fact]
        public Task NoFix_WhenTheContractHasAnotherImplementation() => Verify.VerifyNoFixAsync("""
            using System.Threading;
            using CoreWCF;

            [ServiceContract]
            public interface IPing
            {
                [OperationContract]
                void Ping();
            }

            public class SlowPing : IPing
            {
                public void Ping() => {|BURST001:Thread.Sleep(1)|};
            }

            public class FastPing : IPing
            {
                public void Ping() { }
            }
            """);

        /// <summary>A one-way operation (the client returns once the message is sent) is not made Task-returning: on
        /// the implementation, on a contract in step, or on a [ServiceContract] class's own operation.</summary>
        [Fact]
        public Task NoFix_ForAOneWayOperation() => Verify.VerifyNoFixAsync("""
            using System.IO;
            using System.ServiceModel;
            using System.Threading;

            [ServiceContract]
            public interface IUploads
            {
                [OperationContract(IsOneWay = true)]
                void UploadStream(Stream stream);
            }

            public class Uploads : IUploads
            {
                public void UploadStream(Stream stream) => {|BURST001:Thread.Sleep(1)|};
            }

            [ServiceContract]
            public class Notifications
            {
                [OperationContract(IsOneWay = true)]
                public void Notify(string message) => {|BURST001:Thread.Sleep(1)|};
            }
            """);

        [Fact]
        public Task NoFix_WhenTheContractAlreadyPairsTheOperationWithATaskMethod() => Verify.VerifyNoFixAsync("""
            using System.Threading;
            using System.Threading.Tasks;
            using CoreWCF;

            [ServiceContract]
            public interface IPrices
            {
                [OperationContract]
                decimal Get(string symbol);

                [OperationContract]
                Task<decimal> GetAsync(string symbol);
            }

            public class Prices : IPrices
            {
                public decimal Get(string symbol)
                {
                    {|BURST001:Thread.Sleep(1)|};
                    return 1m;
                }

                public Task<decimal> GetAsync(string symbol) => Task.FromResult(1m);
            }
            """);
    }

    /// <summary>A plain interface changes in step with its only implementation; no fix where it has others or is
    /// covariant.</summary>
    public class InterfaceContracts
    {
        [Fact]
        public Task PlainInterfaceWithOneImplementation_ChangesInStep() => Verify.VerifyCodeFixAsync("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public interface IHasGet
            {
                void Get();
            }

            public class OrdersController : ControllerBase, IHasGet
            {
                public void Get() => {|BURST001:Thread.Sleep(1)|};
            }

            public static class Caller
            {
                public static void Run(IHasGet target) => target.Get();
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public interface IHasGet
            {
                Task Get();
            }

            public class OrdersController : ControllerBase, IHasGet
            {
                public async Task Get() => await Task.Delay(1);
            }

            public static class Caller
            {
                public static async Task Run(IHasGet target) => await target.Get();
            }
            """);

        /// <summary>The interface's other implementation changes in step (all or none): it awaits nothing, so it returns
        /// a completed task, its empty body laid out as a block.</summary>
        [Fact]
        public Task WhenThePlainInterfaceHasAnotherImplementation_ItChangesInStep() => Verify.VerifyCodeFixAsync("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public interface IHasGet
            {
                void Get();
            }

            public class OrdersController : ControllerBase, IHasGet
            {
                public void Get() => {|BURST001:Thread.Sleep(1)|};
            }

            public class NullGet : IHasGet
            {
                public void Get() { }
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public interface IHasGet
            {
                Task Get();
            }

            public class OrdersController : ControllerBase, IHasGet
            {
                public async Task Get() => await Task.Delay(1);
            }

            public class NullGet : IHasGet
            {
                public Task Get()
                {
                    return Task.CompletedTask;
                }
            }
            """);

        [Fact]
        public Task NoFix_WhenTheInterfaceIsCovariant() => Verify.VerifyNoFixAsync("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public interface ISource<out T>
            {
                T Get();
            }

            public class OrdersController : ControllerBase, ISource<int>
            {
                public int Get()
                {
                    {|BURST001:Thread.Sleep(1)|};
                    return 1;
                }
            }
            """);
    }

    /// <summary>Every caller of a function whose return type changes awaits it and becomes async in turn; no fix where
    /// one cannot.</summary>
    public class CallerCascade
    {
        [Fact]
        public Task CallersAreAwaitedAndBecomeAsyncInTurn_UnderTheirAsyncNames() => Verify.VerifyCodeFixAsync("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                public int Get()
                {
                    [|Thread.Sleep(1)|];
                    return 1;
                }
            }

            public static class OrdersClient
            {
                public static int Call() => new OrdersController().Get() + 1;

                public static void Twice()
                {
                    Call();
                    Call();
                }
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                public async Task<int> Get()
                {
                    await Task.Delay(1);
                    return 1;
                }
            }

            public static class OrdersClient
            {
                public static async Task<int> CallAsync() => await new OrdersController().Get() + 1;

                public static async Task Twice()
                {
                    await CallAsync();
                    await CallAsync();
                }
            }
            """);

        [Fact]
        public Task NoFix_WhenACallerCannotAwait() => Verify.VerifyNoFixAsync("""
            using System;
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                public int Get()
                {
                    [|Thread.Sleep(1)|];
                    return 1;
                }
            }

            public class OrdersCache
            {
                private readonly Func<int> _load = new OrdersController().Get;

                public int Count => new OrdersController().Get();
            }
            """);
    }

    /// <summary>Places an await cannot go, or a function that cannot become async: no fix, only the
    /// diagnostic.</summary>
    public class WhereNoFixIsOffered
    {
        [Fact]
        public Task NoFix_InsideLambda() => Verify.VerifyNoFixAsync("""
            using System;
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                public void Get()
                {
                    Action wait = () => {|BURST001:Thread.Sleep(1)|};
                    wait();
                }
            }
            """);

        [Fact]
        public Task NoFix_InsideLock() => Verify.VerifyNoFixAsync("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                private static readonly object Gate = new();

                public void Get()
                {
                    lock (Gate)
                    {
                        {|BURST001:Thread.Sleep(1)|};
                    }
                }
            }
            """);

        [Fact]
        public Task NoFix_RefParameter() => Verify.VerifyNoFixAsync("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                public void Get(ref int attempts)
                {
                    {|BURST001:Thread.Sleep(1)|};
                    attempts++;
                }
            }
            """);

        [Fact]
        public Task NoFix_SpanLocal() => Verify.VerifyNoFixAsync("""
            using System;
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                public int Get()
                {
                    Span<int> buffer = stackalloc int[4];
                    {|BURST001:Thread.Sleep(1)|};
                    return buffer.Length;
                }
            }
            """);
    }

    /// <summary>Fix All gathers one plan for every document.</summary>
    public class FixAll
    {
        [Fact]
        public Task FixAll_AcrossDocuments() => Verify.VerifyCodeFixAsync(
            TestSource.Files(
                new TestSource("AController.cs", """
                    using System.Threading;
                    using Microsoft.AspNetCore.Mvc;

                    public class AController : ControllerBase
                    {
                        public void One() => {|BURST001:Thread.Sleep(1)|};

                        public int Two()
                        {
                            {|BURST001:Thread.Sleep(2)|};
                            return 2;
                        }
                    }
                    """),
                new TestSource("BController.cs", """
                    using System.Threading;
                    using Microsoft.AspNetCore.Mvc;

                    public class BController : ControllerBase
                    {
                        public void Three() => {|BURST001:Thread.Sleep(3)|};
                    }
                    """)),
            TestSource.Files(
                new TestSource("AController.cs", """
                    using System.Threading;
                    using System.Threading.Tasks;
                    using Microsoft.AspNetCore.Mvc;

                    public class AController : ControllerBase
                    {
                        public async Task One() => await Task.Delay(1);

                        public async Task<int> Two()
                        {
                            await Task.Delay(2);
                            return 2;
                        }
                    }
                    """),
                new TestSource("BController.cs", """
                    using System.Threading;
                    using System.Threading.Tasks;
                    using Microsoft.AspNetCore.Mvc;

                    public class BController : ControllerBase
                    {
                        public async Task Three() => await Task.Delay(3);
                    }
                    """)));
    }
}
