using System;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Rules;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using ChainRule = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>
/// MassTransit consumers (issue 36): the implementation of IConsumer&lt;T&gt;.Consume and IJobConsumer&lt;T&gt;.Run,
/// recognised by one file (src/BurstAnalyzers/Handlers/MassTransitConsumers.cs) and its registration line. Compiled
/// against the real MassTransit.Abstractions 8.5.12 in a worker with no web framework (ReferenceSets.MassTransitWorker).
/// </summary>
public class MassTransitConsumerTests
{
    private const string Messages = """
        namespace Orders
        {
            public record SubmitOrder(string Path);
            public record CancelOrder(int Id);
            public record OrderSubmitted(System.Guid CorrelationId) : MassTransit.CorrelatedBy<System.Guid>;
            public record ExportOrders(string Path);
        }
        """;

    [Fact]
    public Task ConsumeIsAHandlerForEachBlockingKind() => Analyze("""
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using MassTransit;
        using Orders;

        public class SubmitOrderConsumer : IConsumer<SubmitOrder>
        {
            public SubmitOrderConsumer() => Thread.Sleep(1);

            public async Task Consume(ConsumeContext<SubmitOrder> context)
            {
                {|#0:Thread.Sleep(1)|};
                var size = {|BURST002:LoadSizeAsync(context.Message.Path).Result|};
                var text = {|BURST003:File.ReadAllText(context.Message.Path)|};
                await context.RespondAsync(new CancelOrder(size + text.Length));
            }

            private static Task<int> LoadSizeAsync(string path) => Task.FromResult(path.Length);

            public void Helper() => Thread.Sleep(1);
        }
        """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "SubmitOrderConsumer.Consume", "await Task.Delay"));

    /// <summary>Every way to implement the contract: a consumer of two messages, an explicit implementation, a base
    /// consumer's override, a batch consumer, a saga's InitiatedBy (it extends IConsumer&lt;T&gt;), a job consumer's Run.</summary>
    [Fact]
    public Task EveryImplementationOfTheContractIsAHandler() => Analyze("""
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using MassTransit;
        using Orders;

        public class OrderConsumer : IConsumer<SubmitOrder>, IConsumer<CancelOrder>
        {
            public Task Consume(ConsumeContext<SubmitOrder> context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }

            public Task Consume(ConsumeContext<CancelOrder> context)
            {
                {|BURST001:Thread.Sleep(2)|};
                return Task.CompletedTask;
            }
        }

        public class AuditConsumer : IConsumer<CancelOrder>
        {
            Task IConsumer<CancelOrder>.Consume(ConsumeContext<CancelOrder> context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        public abstract class ConsumerBase<T> : IConsumer<T>
            where T : class
        {
            public virtual Task Consume(ConsumeContext<T> context) => Task.CompletedTask;
        }

        public class RetryingConsumer : ConsumerBase<SubmitOrder>
        {
            public override Task Consume(ConsumeContext<SubmitOrder> context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        public class BatchConsumer : IConsumer<Batch<SubmitOrder>>
        {
            public Task Consume(ConsumeContext<Batch<SubmitOrder>> context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        public class OrderSaga : ISaga, InitiatedBy<OrderSubmitted>
        {
            public Guid CorrelationId { get; set; }

            public Task Consume(ConsumeContext<OrderSubmitted> context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        public class ExportJobConsumer : IJobConsumer<ExportOrders>
        {
            public Task Run(JobContext<ExportOrders> context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }
        """);

    /// <summary>The same code where MassTransit does not call it: a class that is no consumer, a Consume of another
    /// signature on a consumer, a static method.</summary>
    [Fact]
    public Task LookAlikesAreNotHandlers() => Analyze("""
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using MassTransit;
        using Orders;

        public class NotAConsumer
        {
            public async Task Consume(ConsumeContext<SubmitOrder> context)
            {
                Thread.Sleep(1);
                var text = File.ReadAllText(context.Message.Path);
                await Task.Yield();
            }

            public Task Run(JobContext<ExportOrders> context)
            {
                Thread.Sleep(1);
                return Task.CompletedTask;
            }
        }

        public class SubmitOrderConsumer : IConsumer<SubmitOrder>
        {
            public Task Consume(ConsumeContext<SubmitOrder> context) => Task.CompletedTask;

            public Task Consume(ConsumeContext<CancelOrder> context)
            {
                Thread.Sleep(1);
                return Task.CompletedTask;
            }

            public static Task Consume(SubmitOrder message)
            {
                Thread.Sleep(1);
                return Task.CompletedTask;
            }

            public void Run() => Thread.Sleep(1);
        }
        """);

    [Fact]
    public Task ChainsFromAConsumerAreFollowed() => ChainRule.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Threading;
            using System.Threading.Tasks;
            using MassTransit;
            using Orders;

            public class Archive
            {
                public void Compact() => {|#1:Thread.Sleep(1)|};
            }

            public class CancelOrderConsumer : IConsumer<CancelOrder>
            {
                private readonly Archive _archive = new();

                public Task Consume(ConsumeContext<CancelOrder> context)
                {
                    {|#0:_archive.Compact()|};
                    return Task.CompletedTask;
                }

                public void NotAConsumer() => _archive.Compact();
            }
            """, new TestSource("Messages.cs", Messages)),
        references: ReferenceSets.MassTransitWorker,
        expected: ChainRule.Diagnostic("BURST005").WithLocation(0).WithLocation(1).WithArguments(
            "CancelOrderConsumer.Consume", "Consume → Archive.Compact → Thread.Sleep"));

    /// <summary>Consume returns a Task and its signature is MassTransit's: the fix only adds async and awaits in place
    /// (<c>return Task.CompletedTask;</c> goes).</summary>
    [Fact]
    public Task SleepInConsumeBecomesAnAwait() => Fix<ThreadSleepFixer>("""
        using System.Threading;
        using System.Threading.Tasks;
        using MassTransit;
        using Orders;

        public class CancelOrderConsumer : IConsumer<CancelOrder>
        {
            public Task Consume(ConsumeContext<CancelOrder> context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using MassTransit;
        using Orders;

        public class CancelOrderConsumer : IConsumer<CancelOrder>
        {
            public async Task Consume(ConsumeContext<CancelOrder> context)
            {
                await Task.Delay(1);
            }
        }
        """);

    [Fact]
    public Task ResultInConsumeBecomesAnAwait() => Fix<TaskWaitFixer>("""
        using System.Threading.Tasks;
        using MassTransit;
        using Orders;

        public class SubmitOrderConsumer : IConsumer<SubmitOrder>
        {
            public async Task Consume(ConsumeContext<SubmitOrder> context)
            {
                var size = {|BURST002:LoadSizeAsync(context.Message.Path).Result|};
                await context.RespondAsync(new CancelOrder(size));
            }

            private static Task<int> LoadSizeAsync(string path) => Task.FromResult(path.Length);
        }
        """, """
        using System.Threading.Tasks;
        using MassTransit;
        using Orders;

        public class SubmitOrderConsumer : IConsumer<SubmitOrder>
        {
            public async Task Consume(ConsumeContext<SubmitOrder> context)
            {
                var size = await LoadSizeAsync(context.Message.Path);
                await context.RespondAsync(new CancelOrder(size));
            }

            private static Task<int> LoadSizeAsync(string path) => Task.FromResult(path.Length);
        }
        """);

    [Fact]
    public Task SyncIoInConsumeAwaitsItsAsyncTwin() => Fix<SyncIoFixer>(ReadOrderSource, """
        using System.IO;
        using System.Threading.Tasks;
        using MassTransit;
        using Orders;

        public class SubmitOrderConsumer : IConsumer<SubmitOrder>
        {
            public async Task Consume(ConsumeContext<SubmitOrder> context)
            {
                var text = await File.ReadAllTextAsync(context.Message.Path);
                await context.RespondAsync(new CancelOrder(text.Length));
            }
        }
        """);

    /// <summary>
    /// The consumer's token is <c>context.CancellationToken</c> (ConsumeContext is a PipeContext): a registered
    /// framework's handler whose own context parameter carries the token in a CancellationToken property
    /// (src/BurstAnalyzers.CodeFixes/AsyncConversion/CancellationTokens.cs). The opt-in action "… and observe the
    /// request's cancellation" passes it; the default fix passes none.
    /// </summary>
    [Fact]
    public Task TheOptInActionPassesTheConsumeContextsToken()
    {
        var test = new CSharpCodeFixVerifier<BlockingCallAnalyzer, SyncIoFixer>.Test
        {
            TestCode = ReadOrderSource,
            FixedCode = ReadOrderSource.Replace(
                "{|BURST003:File.ReadAllText(context.Message.Path)|}",
                "await File.ReadAllTextAsync(context.Message.Path, context.CancellationToken)",
                StringComparison.Ordinal),
            CodeActionEquivalenceKey = nameof(SyncIoFixer) + ".ObserveCancellation",
        };
        return Run(test);
    }

    private const string ReadOrderSource = """
        using System.IO;
        using System.Threading.Tasks;
        using MassTransit;
        using Orders;

        public class SubmitOrderConsumer : IConsumer<SubmitOrder>
        {
            public async Task Consume(ConsumeContext<SubmitOrder> context)
            {
                var text = {|BURST003:File.ReadAllText(context.Message.Path)|};
                await context.RespondAsync(new CancelOrder(text.Length));
            }
        }
        """;

    private const string Signal = "an async signal (SemaphoreSlim.WaitAsync, TaskCompletionSource) or [OffloadBlocking]";

    /// <summary>The task wait and the synchronous I/O of ConsumeIsAHandlerForEachBlockingKind with their messages'
    /// arguments, and the kind it does not show, a wait on a synchronization primitive (BURST004), in a consumer's
    /// Consume and a job consumer's Run.</summary>
    [Fact]
    public Task EachBlockingKindIsReportedWithItsArguments() => Analyze("""
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using MassTransit;
        using Orders;

        public class SubmitOrderConsumer : IConsumer<SubmitOrder>
        {
            private static readonly SemaphoreSlim Gate = new(1);

            public Task Consume(ConsumeContext<SubmitOrder> context)
            {
                var size = {|#0:LoadSizeAsync(context.Message.Path).Result|};
                var text = {|#1:File.ReadAllText(context.Message.Path)|};
                {|#2:Gate.Wait()|};
                return Task.CompletedTask;
            }

            private static Task<int> LoadSizeAsync(string path) => Task.FromResult(path.Length);
        }

        public class ExportJobConsumer : IJobConsumer<ExportOrders>
        {
            private static readonly ManualResetEventSlim Ready = new();

            public Task Run(JobContext<ExportOrders> context)
            {
                {|#3:Task.Delay(1).Wait()|};
                var text = {|#4:File.ReadAllText(context.Job.Path)|};
                {|#5:Ready.Wait()|};
                return Task.CompletedTask;
            }
        }
        """,
        Verify.Diagnostic("BURST002").WithLocation(0).WithArguments("Task.Result", "SubmitOrderConsumer.Consume", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("File.ReadAllText", "SubmitOrderConsumer.Consume", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(2).WithArguments("SemaphoreSlim.Wait", "SubmitOrderConsumer.Consume", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(3).WithArguments("Task.Wait", "ExportJobConsumer.Run", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(4).WithArguments("File.ReadAllText", "ExportJobConsumer.Run", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(5).WithArguments("ManualResetEventSlim.Wait", "ExportJobConsumer.Run", Signal));

    private const string LookAlikes = """
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using MassTransit;
        using Orders;

        public class NotAConsumer
        {
            public Task Consume(ConsumeContext<SubmitOrder> context) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.CompletedTask; }

            public Task Run(JobContext<ExportOrders> context) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.CompletedTask; }
        }

        public class SubmitOrderConsumer : IConsumer<SubmitOrder>
        {
            public SubmitOrderConsumer() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }

            public Task Consume(ConsumeContext<SubmitOrder> context) => Task.CompletedTask;

            public Task Consume(ConsumeContext<CancelOrder> context) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.CompletedTask; }

            public static Task Consume(SubmitOrder message) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.CompletedTask; }
        }
        """ + SilenceAudit.Work;

    /// <summary>Silence for every blocking kind (BURST001 to BURST004) where MassTransit calls nothing: a class that is
    /// no consumer, a consumer's constructor, a Consume of a message it does not consume, a static method.</summary>
    [Fact]
    public Task NoBlockingKindIsReportedOutsideAConsumer() => Analyze(LookAlikes);

    /// <summary>And no BURST005 from there, through a helper that blocks in every way.</summary>
    [Fact]
    public Task NoChainIsReportedOutsideAConsumer() => ChainRule.VerifyAnalyzerAsync(
        TestSource.Files(LookAlikes, new TestSource("Messages.cs", Messages)), references: ReferenceSets.MassTransitWorker);

    private static Task Analyze(string source, params DiagnosticResult[] expected)
        => Verify.VerifyAnalyzerAsync(TestSource.Files(source, new TestSource("Messages.cs", Messages)), references: ReferenceSets.MassTransitWorker, expected: expected);

    private static Task Fix<TFix>(string source, string fixedSource)
        where TFix : CodeFixProvider, new()
        => Run(new CSharpCodeFixVerifier<BlockingCallAnalyzer, TFix>.Test { TestCode = source, FixedCode = fixedSource });

    private static Task Run<TFix>(CSharpCodeFixVerifier<BlockingCallAnalyzer, TFix>.Test test)
        where TFix : CodeFixProvider, new()
    {
        test.TestState.Sources.Add(("/0/Messages.cs", Messages));
        test.FixedState.Sources.Add(("/0/Messages.cs", Messages));
        test.Project.References = ReferenceSets.MassTransitWorker;
        return test.RunAsync(CancellationToken.None);
    }
}
