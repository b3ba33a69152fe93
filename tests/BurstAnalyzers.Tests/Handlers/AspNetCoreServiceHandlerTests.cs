using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using ChainRule = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;
using Offload = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.CodeFixes.Offload.OffloadFixer>;
using SleepFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.ThreadSleepFixer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>
/// The services ASP.NET Core calls on a request thread by their interface or base class (issue 36): authorization
/// handlers, health checks, exception handlers (IExceptionHandler, .NET 8+), model binders, input and output
/// formatters. Each signature is the framework's and already a Task: the fixes only add async; no offload fix.
/// </summary>
public class AspNetCoreServiceHandlerTests
{
    [Fact]
    public Task AuthorizationHandlersAreHandlers() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Authorization;

        public sealed class MinimumAgeRequirement : IAuthorizationRequirement { }

        public sealed class Document { }

        public class MinimumAgeHandler : AuthorizationHandler<MinimumAgeRequirement>
        {
            public MinimumAgeHandler() => Thread.Sleep(1);

            protected override Task HandleRequirementAsync(AuthorizationHandlerContext context, MinimumAgeRequirement requirement)
            {
                {|#0:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }

            private void Helper() => Thread.Sleep(1);
        }

        public class OwnerHandler : AuthorizationHandler<MinimumAgeRequirement, Document>
        {
            protected override Task HandleRequirementAsync(AuthorizationHandlerContext context, MinimumAgeRequirement requirement, Document resource)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        public class AuditingHandler : AuthorizationHandler<MinimumAgeRequirement>
        {
            public override Task HandleAsync(AuthorizationHandlerContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return base.HandleAsync(context);
            }

            protected override Task HandleRequirementAsync(AuthorizationHandlerContext context, MinimumAgeRequirement requirement) => Task.CompletedTask;
        }

        public class TenantHandler : IAuthorizationHandler
        {
            public Task HandleAsync(AuthorizationHandlerContext context)
            {
                {|#1:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        // The same methods in classes that no policy runs.
        public class LookAlike
        {
            public Task HandleAsync(AuthorizationHandlerContext context)
            {
                Thread.Sleep(1);
                return Task.CompletedTask;
            }

            protected Task HandleRequirementAsync(AuthorizationHandlerContext context, MinimumAgeRequirement requirement)
            {
                Thread.Sleep(1);
                return Task.CompletedTask;
            }
        }
        """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "MinimumAgeHandler.HandleRequirementAsync", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(1).WithArguments("Thread.Sleep", "TenantHandler.HandleAsync", "await Task.Delay"));

    [Fact]
    public Task HealthChecksAreHandlersTheirPublisherIsNot() => Verify.VerifyAnalyzerAsync("""
        using System.Collections.Generic;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.Extensions.Diagnostics.HealthChecks;

        public class DatabaseHealthCheck : IHealthCheck
        {
            public Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default)
            {
                {|#0:Thread.Sleep(1)|};
                return Task.FromResult(HealthCheckResult.Healthy());
            }
        }

        public class ExplicitHealthCheck : IHealthCheck
        {
            Task<HealthCheckResult> IHealthCheck.CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.FromResult(HealthCheckResult.Healthy());
            }
        }

        // A publisher runs in the background, on a timer: not a request.
        public class LogPublisher : IHealthCheckPublisher
        {
            public Task PublishAsync(HealthReport report, CancellationToken cancellationToken)
            {
                Thread.Sleep(1);
                return Task.CompletedTask;
            }
        }

        public class LookAlike
        {
            public Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default)
            {
                Thread.Sleep(1);
                return Task.FromResult(HealthCheckResult.Healthy());
            }
        }
        """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "DatabaseHealthCheck.CheckHealthAsync", "await Task.Delay"));

    [Fact]
    public Task ExceptionHandlersAreHandlers() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Diagnostics;
        using Microsoft.AspNetCore.Http;

        public class ProblemExceptionHandler : IExceptionHandler
        {
            public ProblemExceptionHandler() => Thread.Sleep(1);

            public ValueTask<bool> TryHandleAsync(HttpContext httpContext, Exception exception, CancellationToken cancellationToken)
            {
                {|#0:Thread.Sleep(1)|};
                return ValueTask.FromResult(false);
            }
        }

        public class LookAlike
        {
            public ValueTask<bool> TryHandleAsync(HttpContext httpContext, Exception exception, CancellationToken cancellationToken)
            {
                Thread.Sleep(1);
                return ValueTask.FromResult(false);
            }
        }
        """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "ProblemExceptionHandler.TryHandleAsync", "await Task.Delay"));

    [Fact]
    public Task ModelBindersAndFormattersAreHandlers() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Text;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Formatters;
        using Microsoft.AspNetCore.Mvc.ModelBinding;

        public class TenantBinder : IModelBinder
        {
            public Task BindModelAsync(ModelBindingContext bindingContext)
            {
                {|#0:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        public class CsvInputFormatter : TextInputFormatter
        {
            protected override bool CanReadType(Type type)
            {
                Thread.Sleep(1);
                return true;
            }

            public override Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context, Encoding encoding)
            {
                {|#1:Thread.Sleep(1)|};
                return InputFormatterResult.NoValueAsync();
            }
        }

        public class RawInputFormatter : InputFormatter
        {
            public override Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return InputFormatterResult.NoValueAsync();
            }
        }

        public class CsvOutputFormatter : TextOutputFormatter
        {
            public CsvOutputFormatter() => Thread.Sleep(1);

            public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context, Encoding selectedEncoding)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        public class RawOutputFormatter : OutputFormatter
        {
            public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        public class LookAlike
        {
            public Task BindModelAsync(ModelBindingContext bindingContext)
            {
                Thread.Sleep(1);
                return Task.CompletedTask;
            }

            public Task WriteResponseBodyAsync(OutputFormatterWriteContext context)
            {
                Thread.Sleep(1);
                return Task.CompletedTask;
            }
        }
        """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "TenantBinder.BindModelAsync", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(1).WithArguments("Thread.Sleep", "CsvInputFormatter.ReadRequestBodyAsync", "await Task.Delay"));

    [Fact]
    public Task ChainsFromAHealthCheckAreFollowed() => ChainRule.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.Extensions.Diagnostics.HealthChecks;

        public class Database
        {
            public bool Ping()
            {
                {|#1:Thread.Sleep(1)|};
                return true;
            }
        }

        public class DatabaseHealthCheck : IHealthCheck
        {
            private readonly Database _database = new();

            public Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default)
                => Task.FromResult({|#0:_database.Ping()|} ? HealthCheckResult.Healthy() : HealthCheckResult.Unhealthy());
        }
        """,
        ChainRule.Diagnostic("BURST005").WithLocation(0).WithLocation(1).WithArguments(
            "DatabaseHealthCheck.CheckHealthAsync", "CheckHealthAsync → Database.Ping → Thread.Sleep"));

    /// <summary>The framework's signature is kept: the method only gains async.</summary>
    [Fact]
    public Task HealthCheckAwaitsInPlace() => SleepFix.VerifyCodeFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.Extensions.Diagnostics.HealthChecks;

        public class DatabaseHealthCheck : IHealthCheck
        {
            public Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.FromResult(HealthCheckResult.Healthy());
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.Extensions.Diagnostics.HealthChecks;

        public class DatabaseHealthCheck : IHealthCheck
        {
            public async Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default)
            {
                await Task.Delay(1);
                return HealthCheckResult.Healthy();
            }
        }
        """);

    [Fact]
    public Task AuthorizationHandlerAwaitsInPlace() => SleepFix.VerifyCodeFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Authorization;

        public sealed class MinimumAgeRequirement : IAuthorizationRequirement { }

        public class MinimumAgeHandler : AuthorizationHandler<MinimumAgeRequirement>
        {
            protected override Task HandleRequirementAsync(AuthorizationHandlerContext context, MinimumAgeRequirement requirement)
            {
                {|BURST001:Thread.Sleep(1)|};
                context.Succeed(requirement);
                return Task.CompletedTask;
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Authorization;

        public sealed class MinimumAgeRequirement : IAuthorizationRequirement { }

        public class MinimumAgeHandler : AuthorizationHandler<MinimumAgeRequirement>
        {
            protected override async Task HandleRequirementAsync(AuthorizationHandlerContext context, MinimumAgeRequirement requirement)
            {
                await Task.Delay(1);
                context.Succeed(requirement);
            }
        }
        """);

    [Fact]
    public Task ExceptionHandlerAwaitsInPlace() => SleepFix.VerifyCodeFixAsync("""
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Diagnostics;
        using Microsoft.AspNetCore.Http;

        public class ProblemExceptionHandler : IExceptionHandler
        {
            public ValueTask<bool> TryHandleAsync(HttpContext httpContext, Exception exception, CancellationToken cancellationToken)
            {
                {|BURST001:Thread.Sleep(1)|};
                return ValueTask.FromResult(false);
            }
        }
        """, """
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Diagnostics;
        using Microsoft.AspNetCore.Http;

        public class ProblemExceptionHandler : IExceptionHandler
        {
            public async ValueTask<bool> TryHandleAsync(HttpContext httpContext, Exception exception, CancellationToken cancellationToken)
            {
                await Task.Delay(1);
                return false;
            }
        }
        """);

    /// <summary>The opt-in action passes the request's token, from the binding context.</summary>
    [Fact]
    public Task ModelBinderObservesTheRequestsCancellation() => SleepFix.VerifyObservingCancellationAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.ModelBinding;

        public class TenantBinder : IModelBinder
        {
            public Task BindModelAsync(ModelBindingContext bindingContext)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.ModelBinding;

        public class TenantBinder : IModelBinder
        {
            public async Task BindModelAsync(ModelBindingContext bindingContext)
            {
                await Task.Delay(1, bindingContext.HttpContext.RequestAborted);
            }
        }
        """);

    [Fact]
    public Task NoOffloadFixForTheseServices() => Offload.VerifyNoFixAsync("""
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.ModelBinding;
        using Microsoft.Extensions.Diagnostics.HealthChecks;

        public class TenantBinder : IModelBinder
        {
            public Task BindModelAsync(ModelBindingContext bindingContext)
            {
                bindingContext.Result = ModelBindingResult.Success({|BURST006:Console.ReadLine()|});
                return Task.CompletedTask;
            }
        }

        public class ConsoleHealthCheck : IHealthCheck
        {
            public Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default)
                => Task.FromResult({|BURST006:Console.ReadLine()|} is null ? HealthCheckResult.Unhealthy() : HealthCheckResult.Healthy());
        }
        """ + OffloadPackageStandIn.Attribute);

    private const string Signal = "an async signal (SemaphoreSlim.WaitAsync, TaskCompletionSource) or [OffloadBlocking]";

    /// <summary>Issue 36's "each blocking kind" in each of these services: a task wait (BURST002), synchronous I/O with
    /// an async twin (BURST003), a wait on a synchronization primitive (BURST004), each at its span with its message's
    /// arguments.</summary>
    [Fact]
    public Task EachBlockingKindIsReportedInEveryService() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.IO;
        using System.Text;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Authorization;
        using Microsoft.AspNetCore.Diagnostics;
        using Microsoft.AspNetCore.Http;
        using Microsoft.AspNetCore.Mvc.Formatters;
        using Microsoft.AspNetCore.Mvc.ModelBinding;
        using Microsoft.Extensions.Diagnostics.HealthChecks;

        public static class Work
        {
            public static readonly SemaphoreSlim Gate = new(1);
            public static readonly ManualResetEventSlim Ready = new();

            public static Task<int> CountAsync() => Task.FromResult(1);
        }

        public sealed class MinimumAgeRequirement : IAuthorizationRequirement { }

        public class MinimumAgeHandler : AuthorizationHandler<MinimumAgeRequirement>
        {
            protected override Task HandleRequirementAsync(AuthorizationHandlerContext context, MinimumAgeRequirement requirement)
            {
                var count = {|#0:Work.CountAsync().Result|};
                var text = {|#1:File.ReadAllText("age.txt")|};
                {|#2:Work.Gate.Wait()|};
                return Task.CompletedTask;
            }
        }

        public class TenantHandler : IAuthorizationHandler
        {
            public Task HandleAsync(AuthorizationHandlerContext context)
            {
                {|#3:Work.CountAsync().Wait()|};
                var text = {|#4:File.ReadAllText("tenant.txt")|};
                {|#5:Work.Ready.Wait()|};
                return Task.CompletedTask;
            }
        }

        public class DatabaseHealthCheck : IHealthCheck
        {
            public Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default)
            {
                var count = {|#6:Work.CountAsync().GetAwaiter().GetResult()|};
                var text = {|#7:File.ReadAllText("health.txt")|};
                {|#8:Work.Gate.Wait()|};
                return Task.FromResult(HealthCheckResult.Healthy());
            }
        }

        public class ProblemExceptionHandler : IExceptionHandler
        {
            public ValueTask<bool> TryHandleAsync(HttpContext httpContext, Exception exception, CancellationToken cancellationToken)
            {
                var count = {|#9:Work.CountAsync().Result|};
                var text = {|#10:File.ReadAllText("problem.txt")|};
                {|#11:Work.Gate.Wait()|};
                return ValueTask.FromResult(false);
            }
        }

        public class TenantBinder : IModelBinder
        {
            public Task BindModelAsync(ModelBindingContext bindingContext)
            {
                var count = {|#12:Work.CountAsync().Result|};
                var text = {|#13:File.ReadAllText("binder.txt")|};
                {|#14:Work.Gate.Wait()|};
                return Task.CompletedTask;
            }
        }

        public class CsvInputFormatter : TextInputFormatter
        {
            public override Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context, Encoding encoding)
            {
                var count = {|#15:Work.CountAsync().Result|};
                var text = {|#16:File.ReadAllText("input.txt")|};
                {|#17:Work.Gate.Wait()|};
                return InputFormatterResult.NoValueAsync();
            }
        }

        public class CsvOutputFormatter : TextOutputFormatter
        {
            public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context, Encoding selectedEncoding)
            {
                var count = {|#18:Work.CountAsync().Result|};
                var text = {|#19:File.ReadAllText("output.txt")|};
                {|#20:Work.Ready.Wait()|};
                return Task.CompletedTask;
            }
        }

        public class RawOutputFormatter : OutputFormatter
        {
            public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context)
            {
                {|#21:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }
        """,
        Verify.Diagnostic("BURST002").WithLocation(0).WithArguments("Task.Result", "MinimumAgeHandler.HandleRequirementAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("File.ReadAllText", "MinimumAgeHandler.HandleRequirementAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(2).WithArguments("SemaphoreSlim.Wait", "MinimumAgeHandler.HandleRequirementAsync", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(3).WithArguments("Task.Wait", "TenantHandler.HandleAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(4).WithArguments("File.ReadAllText", "TenantHandler.HandleAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(5).WithArguments("ManualResetEventSlim.Wait", "TenantHandler.HandleAsync", Signal),
        Verify.Diagnostic("BURST002").WithLocation(6).WithArguments("GetAwaiter().GetResult()", "DatabaseHealthCheck.CheckHealthAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(7).WithArguments("File.ReadAllText", "DatabaseHealthCheck.CheckHealthAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(8).WithArguments("SemaphoreSlim.Wait", "DatabaseHealthCheck.CheckHealthAsync", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(9).WithArguments("Task.Result", "ProblemExceptionHandler.TryHandleAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(10).WithArguments("File.ReadAllText", "ProblemExceptionHandler.TryHandleAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(11).WithArguments("SemaphoreSlim.Wait", "ProblemExceptionHandler.TryHandleAsync", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(12).WithArguments("Task.Result", "TenantBinder.BindModelAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(13).WithArguments("File.ReadAllText", "TenantBinder.BindModelAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(14).WithArguments("SemaphoreSlim.Wait", "TenantBinder.BindModelAsync", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(15).WithArguments("Task.Result", "CsvInputFormatter.ReadRequestBodyAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(16).WithArguments("File.ReadAllText", "CsvInputFormatter.ReadRequestBodyAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(17).WithArguments("SemaphoreSlim.Wait", "CsvInputFormatter.ReadRequestBodyAsync", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(18).WithArguments("Task.Result", "CsvOutputFormatter.WriteResponseBodyAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(19).WithArguments("File.ReadAllText", "CsvOutputFormatter.WriteResponseBodyAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(20).WithArguments("ManualResetEventSlim.Wait", "CsvOutputFormatter.WriteResponseBodyAsync", Signal),
        Verify.Diagnostic("BURST001").WithLocation(21).WithArguments("Thread.Sleep", "RawOutputFormatter.WriteResponseBodyAsync", "await Task.Delay"));

    /// <summary>BURST005 from an authorization handler, an exception handler, a model binder and both formatters (the
    /// health check's is ChainsFromAHealthCheckAreFollowed); none from a formatter's CanReadType.</summary>
    [Fact]
    public Task ChainsFromEveryOtherServiceAreFollowed() => ChainRule.VerifyAnalyzerAsync("""
        using System;
        using System.Text;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Authorization;
        using Microsoft.AspNetCore.Diagnostics;
        using Microsoft.AspNetCore.Http;
        using Microsoft.AspNetCore.Mvc.Formatters;
        using Microsoft.AspNetCore.Mvc.ModelBinding;

        public static class Audit
        {
            public static void Write() => {|#0:Thread.Sleep(1)|};
        }

        public sealed class MinimumAgeRequirement : IAuthorizationRequirement { }

        public class MinimumAgeHandler : AuthorizationHandler<MinimumAgeRequirement>
        {
            protected override Task HandleRequirementAsync(AuthorizationHandlerContext context, MinimumAgeRequirement requirement)
            {
                {|#1:Audit.Write()|};
                return Task.CompletedTask;
            }
        }

        public class TenantHandler : IAuthorizationHandler
        {
            public Task HandleAsync(AuthorizationHandlerContext context)
            {
                {|#6:Audit.Write()|};
                return Task.CompletedTask;
            }
        }

        public class ProblemExceptionHandler : IExceptionHandler
        {
            public ValueTask<bool> TryHandleAsync(HttpContext httpContext, Exception exception, CancellationToken cancellationToken)
            {
                {|#2:Audit.Write()|};
                return ValueTask.FromResult(false);
            }
        }

        public class TenantBinder : IModelBinder
        {
            public Task BindModelAsync(ModelBindingContext bindingContext)
            {
                {|#3:Audit.Write()|};
                return Task.CompletedTask;
            }
        }

        public class CsvInputFormatter : TextInputFormatter
        {
            protected override bool CanReadType(Type type)
            {
                Audit.Write();
                return true;
            }

            public override Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context, Encoding encoding)
            {
                {|#4:Audit.Write()|};
                return InputFormatterResult.NoValueAsync();
            }
        }

        public class CsvOutputFormatter : TextOutputFormatter
        {
            public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context, Encoding selectedEncoding)
            {
                {|#5:Audit.Write()|};
                return Task.CompletedTask;
            }
        }
        """,
        ChainRule.Diagnostic("BURST005").WithLocation(1).WithLocation(0).WithArguments(
            "MinimumAgeHandler.HandleRequirementAsync", "HandleRequirementAsync → Audit.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(6).WithLocation(0).WithArguments(
            "TenantHandler.HandleAsync", "HandleAsync → Audit.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(2).WithLocation(0).WithArguments(
            "ProblemExceptionHandler.TryHandleAsync", "TryHandleAsync → Audit.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(3).WithLocation(0).WithArguments(
            "TenantBinder.BindModelAsync", "BindModelAsync → Audit.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(4).WithLocation(0).WithArguments(
            "CsvInputFormatter.ReadRequestBodyAsync", "ReadRequestBodyAsync → Audit.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(5).WithLocation(0).WithArguments(
            "CsvOutputFormatter.WriteResponseBodyAsync", "WriteResponseBodyAsync → Audit.Write → Thread.Sleep"));

    /// <summary>A formatter's override keeps its signature: it only gains async (Task.FromResult(x) becomes x,
    /// return Task.CompletedTask goes).</summary>
    [Fact]
    public Task FormattersAwaitInPlace() => SleepFix.VerifyCodeFixAsync("""
        using System.Text;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Formatters;

        public class CsvInputFormatter : TextInputFormatter
        {
            public override Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context, Encoding encoding)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.FromResult(InputFormatterResult.NoValue());
            }
        }

        public class CsvOutputFormatter : TextOutputFormatter
        {
            public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context, Encoding selectedEncoding)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }
        """, """
        using System.Text;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Formatters;

        public class CsvInputFormatter : TextInputFormatter
        {
            public override async Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context, Encoding encoding)
            {
                await Task.Delay(1);
                return InputFormatterResult.NoValue();
            }
        }

        public class CsvOutputFormatter : TextOutputFormatter
        {
            public override async Task WriteResponseBodyAsync(OutputFormatterWriteContext context, Encoding selectedEncoding)
            {
                await Task.Delay(1);
            }
        }
        """);

    private const string LookAlikes = """
        using System;
        using System.IO;
        using System.Text;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Authorization;
        using Microsoft.AspNetCore.Http;
        using Microsoft.AspNetCore.Mvc.Formatters;
        using Microsoft.AspNetCore.Mvc.ModelBinding;
        using Microsoft.Extensions.Diagnostics.HealthChecks;

        public sealed class MinimumAgeRequirement : IAuthorizationRequirement { }

        // Each service's method in a class that implements none of them.
        public class LookAlike
        {
            public Task HandleAsync(AuthorizationHandlerContext context) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.CompletedTask; }

            protected Task HandleRequirementAsync(AuthorizationHandlerContext context, MinimumAgeRequirement requirement) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.CompletedTask; }

            public Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.FromResult(HealthCheckResult.Healthy()); }

            public ValueTask<bool> TryHandleAsync(HttpContext httpContext, Exception exception, CancellationToken cancellationToken) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return ValueTask.FromResult(false); }

            public Task BindModelAsync(ModelBindingContext bindingContext) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.CompletedTask; }

            public Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context, Encoding encoding) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return InputFormatterResult.NoValueAsync(); }

            public Task WriteResponseBodyAsync(OutputFormatterWriteContext context, Encoding selectedEncoding) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.CompletedTask; }
        }

        // A health check publisher runs on a timer, not per request.
        public class LogPublisher : IHealthCheckPublisher
        {
            public Task PublishAsync(HealthReport report, CancellationToken cancellationToken) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.CompletedTask; }
        }

        // The services' members that are not their handlers.
        public class MinimumAgeHandler : AuthorizationHandler<MinimumAgeRequirement>
        {
            public MinimumAgeHandler() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }

            protected override Task HandleRequirementAsync(AuthorizationHandlerContext context, MinimumAgeRequirement requirement) => Task.CompletedTask;

            private void Helper() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }
        }

        public class CsvInputFormatter : TextInputFormatter
        {
            public CsvInputFormatter() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }

            protected override bool CanReadType(Type type) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return true; }

            public override Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context, Encoding encoding) => InputFormatterResult.NoValueAsync();
        }

        public class CsvOutputFormatter : TextOutputFormatter
        {
            protected override bool CanWriteType(Type type) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return true; }

            public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context, Encoding selectedEncoding) => Task.CompletedTask;
        }
        """ + SilenceAudit.Work;

    /// <summary>Silence for every blocking kind (BURST001 to BURST004) in each service's method shape outside the
    /// service, in a health check publisher, and in the services' other members.</summary>
    [Fact]
    public Task NoBlockingKindIsReportedOutsideAServiceHandler() => Verify.VerifyAnalyzerAsync(LookAlikes);

    /// <summary>And no BURST005 from there, through a helper that blocks in every way.</summary>
    [Fact]
    public Task NoChainIsReportedOutsideAServiceHandler() => ChainRule.VerifyAnalyzerAsync(LookAlikes);

    /// <summary>A model binder's plain async fix (ModelBinderObservesTheRequestsCancellation is the opt-in action's).</summary>
    [Fact]
    public Task ModelBinderAwaitsInPlace() => SleepFix.VerifyCodeFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.ModelBinding;

        public class TenantBinder : IModelBinder
        {
            public Task BindModelAsync(ModelBindingContext bindingContext)
            {
                {|BURST001:Thread.Sleep(1)|};
                bindingContext.Result = ModelBindingResult.Success("tenant");
                return Task.CompletedTask;
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.ModelBinding;

        public class TenantBinder : IModelBinder
        {
            public async Task BindModelAsync(ModelBindingContext bindingContext)
            {
                await Task.Delay(1);
                bindingContext.Result = ModelBindingResult.Success("tenant");
            }
        }
        """);
}
