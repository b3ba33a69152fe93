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
}
