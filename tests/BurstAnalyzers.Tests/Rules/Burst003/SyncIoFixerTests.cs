using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

public class SyncIoFixerTests
{
    [Fact]
    public Task ControllerPassesRequestAborted() => Verify.VerifyCodeFixAsync("""
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
    public Task MiddlewareUsesTheRequestsToken_AndAwaitsItsReturnedTask() => Verify.VerifyCodeFixAsync("""
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
    public Task MinimalApiLambdaGainsACancellationTokenParameter() => Verify.VerifyCodeFixAsync("""
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
}
