using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

public class SyncIoFixerTests
{
    /// <summary>
    /// The default action passes no token: the write always ran to its end, and a cancellation on disconnect would
    /// leave a truncated file and escape the catch written for IOException. The opt-in action passes the request's.
    /// </summary>
    [Fact]
    public Task DefaultActionPassesNoToken_TheWriteStillRunsToItsEnd() => Verify.VerifyCodeFixAsync(WriteSettings, """
        using System.IO;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class SettingsController : ControllerBase
        {
            public async Task<IActionResult> Save(string path, byte[] data)
            {
                try
                {
                    await System.IO.File.WriteAllBytesAsync(path, data);
                }
                catch (IOException)
                {
                    return StatusCode(500);
                }

                return Ok();
            }
        }
        """);

    [Fact]
    public Task OptInActionObservesTheRequestsCancellation() => Verify.VerifyObservingCancellationAsync(WriteSettings, """
        using System.IO;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class SettingsController : ControllerBase
        {
            public async Task<IActionResult> Save(string path, byte[] data)
            {
                try
                {
                    await System.IO.File.WriteAllBytesAsync(path, data, HttpContext.RequestAborted);
                }
                catch (IOException)
                {
                    return StatusCode(500);
                }

                return Ok();
            }
        }
        """);

    private const string WriteSettings = """
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class SettingsController : ControllerBase
        {
            public IActionResult Save(string path, byte[] data)
            {
                try
                {
                    {|BURST003:System.IO.File.WriteAllBytes(path, data)|};
                }
                catch (IOException)
                {
                    return StatusCode(500);
                }

                return Ok();
            }
        }
        """;

    [Fact]
    public Task ControllerPassesRequestAborted() => Verify.VerifyObservingCancellationAsync("""
        using System.Data.Common;
        using Microsoft.AspNetCore.Mvc;

        public class ReportsController : ControllerBase
        {
            public IActionResult Get(string path, DbCommand command)
            {
                var text = [|System.IO.File.ReadAllText(path)|];
                using var reader = [|command.ExecuteReader()|];
                var rows = 0;
                while ([|reader.Read()|])
                {
                    rows++;
                }

                var name = [|Request.Form|]["name"];
                return Ok(text + rows + name);
            }
        }
        """, """
        using System.Data.Common;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class ReportsController : ControllerBase
        {
            public async Task<IActionResult> Get(string path, DbCommand command)
            {
                var text = await System.IO.File.ReadAllTextAsync(path, HttpContext.RequestAborted);
                await using var reader = await command.ExecuteReaderAsync(HttpContext.RequestAborted);
                var rows = 0;
                while (await reader.ReadAsync(HttpContext.RequestAborted))
                {
                    rows++;
                }

                var name = (await Request.ReadFormAsync(HttpContext.RequestAborted))["name"];
                return Ok(text + rows + name);
            }
        }
        """);

    [Fact]
    public Task MiddlewareUsesTheRequestsToken_AndAwaitsItsReturnedTask() => Verify.VerifyObservingCancellationAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Http;

        public class AuditMiddleware
        {
            private readonly RequestDelegate _next;

            public AuditMiddleware(RequestDelegate next) => _next = next;

            public Task InvokeAsync(HttpContext context)
            {
                var buffer = new byte[16];
                var read = [|context.Request.Body.Read(buffer, 0, buffer.Length)|];
                return _next(context);
            }
        }
        """, """
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Http;

        public class AuditMiddleware
        {
            private readonly RequestDelegate _next;

            public AuditMiddleware(RequestDelegate next) => _next = next;

            public async Task InvokeAsync(HttpContext context)
            {
                var buffer = new byte[16];
                var read = await context.Request.Body.ReadAsync(buffer, 0, buffer.Length, context.RequestAborted);
                await _next(context);
            }
        }
        """);

    [Fact]
    public Task MinimalApiLambdaGainsACancellationTokenParameter() => Verify.VerifyObservingCancellationAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Routing;

        public static class Endpoints
        {
            public static void Map(IEndpointRouteBuilder app)
            {
                app.MapGet("/file", (string name) => [|File.ReadAllText(name)|]);
            }
        }
        """, """
        using System.IO;
        using System.Threading;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Routing;

        public static class Endpoints
        {
            public static void Map(IEndpointRouteBuilder app)
            {
                app.MapGet("/file", async (string name, CancellationToken cancellationToken) => await File.ReadAllTextAsync(name, cancellationToken));
            }
        }
        """);

    [Fact]
    public Task NoFix_WhenTheCounterpartDoesNotBind() => Verify.VerifyNoFixAsync("""
        using System;
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class StreamController : ControllerBase
        {
            public int Get(Stream stream)
            {
                Span<byte> buffer = new byte[4];
                return [|stream.Read(buffer)|];
            }
        }
        """);

    /// <summary>Process.WaitForExit's twin has its own name (not a listed rename): the wait for the child process is awaited.</summary>
    [Fact]
    public Task WaitForExitBecomesAnAwaitedWaitForExitAsync() => Verify.VerifyCodeFixAsync("""
        using System.Diagnostics;
        using Microsoft.AspNetCore.Mvc;

        public class ToolController : ControllerBase
        {
            public IActionResult Run(Process process)
            {
                {|BURST003:process.WaitForExit()|};
                return Ok(process.ExitCode);
            }
        }
        """, """
        using System.Diagnostics;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class ToolController : ControllerBase
        {
            public async Task<IActionResult> Run(Process process)
            {
                await process.WaitForExitAsync();
                return Ok(process.ExitCode);
            }
        }
        """);

    /// <summary>WaitForExit(1000) returns whether the process ended in time; WaitForExitAsync has no such form.</summary>
    [Fact]
    public Task NoFix_ForWaitForExitWithATimeout() => Verify.VerifyNoFixAsync("""
        using System.Diagnostics;
        using Microsoft.AspNetCore.Mvc;

        public class ToolController : ControllerBase
        {
            public IActionResult Run(Process process) => Ok({|BURST003:process.WaitForExit(1000)|});
        }
        """);

    /// <summary>A listed API whose twin has another name (Ping.Send's is SendPingAsync, not the event-based SendAsync).</summary>
    [Fact]
    public Task ARenamedTwinIsTheOneAwaited() => Verify.VerifyCodeFixAsync("""
        using System.Net.NetworkInformation;
        using Microsoft.AspNetCore.Mvc;

        public class PingController : ControllerBase
        {
            public IActionResult Get(string host)
            {
                var reply = {|BURST003:new Ping().Send(host)|};
                return Ok(reply.Status);
            }
        }
        """, """
        using System.Net.NetworkInformation;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class PingController : ControllerBase
        {
            public async Task<IActionResult> Get(string host)
            {
                var reply = await new Ping().SendPingAsync(host);
                return Ok(reply.Status);
            }
        }
        """);
}
