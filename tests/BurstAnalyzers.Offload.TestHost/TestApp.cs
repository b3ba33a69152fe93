using System;
using System.Diagnostics;
using System.Globalization;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.TestHost.Endpoints;
using BurstAnalyzers.Offload.TestHost.Hubs;
using BurstAnalyzers.Offload.TestHost.Probes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.DataProtection;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace BurstAnalyzers.Offload.TestHost;

/// <summary>Builds the test application, listening on 127.0.0.1 with a port the OS picks.</summary>
public static class TestApp
{
    /// <summary>Response header: the trace id of the Activity the request ran under.</summary>
    public const string TraceIdHeader = "X-Trace-Id";

    /// <summary>Request header: the culture the request runs in.</summary>
    public const string CultureHeader = "X-Culture";

    /// <summary>Response headers describing an exception that reached the top of the pipeline.</summary>
    public const string ExceptionTypeHeader = "X-Exception-Type";

    /// <inheritdoc cref="ExceptionTypeHeader"/>
    public const string ExceptionMessageHeader = "X-Exception-Message";

    /// <inheritdoc cref="ExceptionTypeHeader"/>
    public const string ExceptionThrownByHeader = "X-Exception-Thrown-By";

    public static WebApplication Create(string[] args, Action<OffloadOptions>? configureOffload = null)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder(new WebApplicationOptions
        {
            Args = args,
            // Controllers and compiled Razor pages are found in this assembly even when a test runner is the entry
            // assembly.
            ApplicationName = typeof(TestApp).Assembly.GetName().Name,
            ContentRootPath = AppContext.BaseDirectory,
            EnvironmentName = Environments.Production,
        });

        builder.WebHost.UseUrls("http://127.0.0.1:0");
        // Load tests open a couple of thousand connections at once.
        builder.WebHost.UseSockets(sockets => sockets.Backlog = 4096);
        builder.Logging.SetMinimumLevel(LogLevel.Warning);

        builder.Services.AddBurstOffload(configureOffload);
        builder.Services.AddHttpContextAccessor();
        builder.Services.AddControllers();
        builder.Services.AddRazorPages();
        // Keys in memory: tests write nothing to the user's profile.
        builder.Services.AddDataProtection().UseEphemeralDataProtectionProvider();
        builder.Services.AddSignalR();
        builder.Services.AddSingleton<ProbeGate>();
        builder.Services.AddSingleton<LoadTracker>();

        WebApplication app = builder.Build();
        app.Use(ReportExceptions);
        app.Use(RunInRequestCultureAndActivity);
        app.MapControllers();
        app.MapRazorPages();
        app.MapHub<ProbeHub>("/hubs/probe");
        MinimalEndpoints.Map(app);
        return app;
    }

    // Outermost: shows the test which exception, thrown where, reached the top of the pipeline.
    private static async Task ReportExceptions(HttpContext context, RequestDelegate next)
    {
        try
        {
            await next(context);
        }
        catch (Exception exception) when (!context.Response.HasStarted)
        {
            context.Response.StatusCode = StatusCodes.Status500InternalServerError;
            context.Response.Headers[ExceptionTypeHeader] = exception.GetType().FullName;
            context.Response.Headers[ExceptionMessageHeader] = exception.Message;
            context.Response.Headers[ExceptionThrownByHeader] = exception.TargetSite?.Name;
        }
    }

    // Request state that must reach an offloaded handler: a culture (as RequestLocalization would set it) and an
    // Activity (as tracing would start it).
    private static async Task RunInRequestCultureAndActivity(HttpContext context, RequestDelegate next)
    {
        string? culture = context.Request.Headers[CultureHeader];
        if (!string.IsNullOrEmpty(culture))
        {
            CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo(culture);
            CultureInfo.CurrentUICulture = CultureInfo.GetCultureInfo(culture);
        }

        using Activity activity = new Activity("BurstOffload.TestRequest").Start();
        context.Response.Headers[TraceIdHeader] = activity.TraceId.ToString();
        await next(context);
    }
}
