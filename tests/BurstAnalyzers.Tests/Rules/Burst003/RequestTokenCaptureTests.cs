using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// A lambda may run after the response is sent: the request's token, read there, throws
/// ObjectDisposedException or cancels work meant to finish. A call fixed inside a lambda gets a token only from the
/// lambda's own parameters: the opt-in action that observes the request's cancellation is not offered for it, and
/// that action's Fix All converts it with no token.
/// </summary>
public class RequestTokenCaptureTests
{
    [Fact]
    public Task NoRequestTokenIsCapturedIntoALambda() => Verify.VerifyObservingCancellationAsync("""
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class AuditController : ControllerBase
        {
            public async Task<IActionResult> Post(string path, CancellationToken cancellationToken)
            {
                _ = Task.Run(async () =>
                {
                    await Task.Delay(1000);
                    {|BURST003:System.IO.File.WriteAllText(path, "done")|};
                });

                ThreadPool.QueueUserWorkItem(async _ =>
                {
                    await Task.Delay(1000);
                    var text = {|BURST003:System.IO.File.ReadAllText(path)|}; // async void: no Task to await, no fix
                });

                await System.IO.File.WriteAllTextAsync(path, "started", cancellationToken);
                return Accepted();
            }

            public async Task<IActionResult> Get(string path)
            {
                var text = {|BURST003:System.IO.File.ReadAllText(path)|};
                await Task.Yield();
                return Ok(text);
            }
        }
        """, """
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class AuditController : ControllerBase
        {
            public async Task<IActionResult> Post(string path, CancellationToken cancellationToken)
            {
                _ = Task.Run(async () =>
                {
                    await Task.Delay(1000);
                    {|BURST003:System.IO.File.WriteAllText(path, "done")|};
                });

                ThreadPool.QueueUserWorkItem(async _ =>
                {
                    await Task.Delay(1000);
                    var text = {|BURST003:System.IO.File.ReadAllText(path)|}; // async void: no Task to await, no fix
                });

                await System.IO.File.WriteAllTextAsync(path, "started", cancellationToken);
                return Accepted();
            }

            public async Task<IActionResult> Get(string path)
            {
                var text = await System.IO.File.ReadAllTextAsync(path, HttpContext.RequestAborted);
                await Task.Yield();
                return Ok(text);
            }
        }
        """, """
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class AuditController : ControllerBase
        {
            public async Task<IActionResult> Post(string path, CancellationToken cancellationToken)
            {
                _ = Task.Run(async () =>
                {
                    await Task.Delay(1000);
                    await System.IO.File.WriteAllTextAsync(path, "done");
                });

                ThreadPool.QueueUserWorkItem(async _ =>
                {
                    await Task.Delay(1000);
                    var text = {|BURST003:System.IO.File.ReadAllText(path)|}; // async void: no Task to await, no fix
                });

                await System.IO.File.WriteAllTextAsync(path, "started", cancellationToken);
                return Accepted();
            }

            public async Task<IActionResult> Get(string path)
            {
                var text = await System.IO.File.ReadAllTextAsync(path, HttpContext.RequestAborted);
                await Task.Yield();
                return Ok(text);
            }
        }
        """);
}
