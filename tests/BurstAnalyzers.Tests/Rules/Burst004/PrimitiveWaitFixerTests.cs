using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.PrimitiveWaitFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst004;

public class PrimitiveWaitFixerTests
{
    [Fact]
    public Task SemaphoreSlimWaitBecomesWaitAsync_WithTheHubsToken() => Verify.VerifyObservingCancellationAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.SignalR;

        public class ChatHub : Hub
        {
            private static readonly SemaphoreSlim Gate = new(1);

            public bool Send(string message)
            {
                [|Gate.Wait()|];
                try
                {
                    return [|Gate.Wait(100)|];
                }
                finally
                {
                    Gate.Release();
                }
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.SignalR;

        public class ChatHub : Hub
        {
            private static readonly SemaphoreSlim Gate = new(1);

            public async Task<bool> Send(string message)
            {
                await Gate.WaitAsync(Context.ConnectionAborted);
                try
                {
                    return await Gate.WaitAsync(100, Context.ConnectionAborted);
                }
                finally
                {
                    Gate.Release();
                }
            }
        }
        """);

    [Fact]
    public Task EventsHaveNoAsyncTwin() => Verify.VerifyNoFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class SignalController : ControllerBase
        {
            public void Get(ManualResetEvent ready) => [|ready.WaitOne()|];
        }
        """);
}
