using System;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.TestHost;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Configuration;

/// <summary>
/// Forgetting services.AddBurstOffload() fails only the marked handlers, with a message that says what to do; the
/// host starts and serves everything else.
/// </summary>
public sealed class MissingRegistrationTests
{
    [Theory]
    [InlineData("/mvc/offloaded?ms=0")]
    [InlineData("/minimal/offloaded?ms=0")]
    public async Task A_marked_handler_fails_with_a_message_naming_AddBurstOffload_and_the_host_keeps_serving(string path)
    {
        WebApplication app = CreateAppWithoutOffload();
        await app.StartAsync();
        try
        {
            using var client = new HttpClient { BaseAddress = new Uri(app.Urls.Single()) };

            using HttpResponseMessage marked = await client.GetAsync(path);
            string unmarked = await client.GetStringAsync("/mvc/blocking?ms=0");

            Assert.Equal(HttpStatusCode.InternalServerError, marked.StatusCode);
            Assert.Equal(typeof(InvalidOperationException).FullName, marked.Headers.GetValues(TestApp.ExceptionTypeHeader).Single());
            Assert.Contains("services.AddBurstOffload()", marked.Headers.GetValues(TestApp.ExceptionMessageHeader).Single(), StringComparison.Ordinal);
            Assert.Equal("slept", unmarked);
        }
        finally
        {
            await app.StopAsync();
            await app.DisposeAsync();
        }
    }

    private static WebApplication CreateAppWithoutOffload()
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder(new WebApplicationOptions
        {
            ApplicationName = typeof(TestApp).Assembly.GetName().Name,
            ContentRootPath = AppContext.BaseDirectory,
            EnvironmentName = Environments.Production,
        });
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.SetMinimumLevel(LogLevel.None);
        builder.Services.AddControllers();

        WebApplication app = builder.Build();
        app.Use(async (context, next) =>
        {
            try
            {
                await next(context);
            }
            catch (InvalidOperationException exception)
            {
                context.Response.StatusCode = StatusCodes.Status500InternalServerError;
                context.Response.Headers[TestApp.ExceptionTypeHeader] = exception.GetType().FullName;
                context.Response.Headers[TestApp.ExceptionMessageHeader] = exception.Message;
            }
        });
        app.MapControllers();
        app.MapGet("/minimal/offloaded", (int ms) => "slept").OffloadBlocking();
        return app;
    }
}
