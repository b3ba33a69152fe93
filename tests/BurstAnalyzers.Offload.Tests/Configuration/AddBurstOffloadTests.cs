using System;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Configuration;

/// <summary>services.AddBurstOffload(o => ...): options, validation, lifetime.</summary>
public sealed class AddBurstOffloadTests
{
    [Fact]
    public void Options_given_to_AddBurstOffload_configure_the_scheduler()
    {
        using ServiceProvider services = new ServiceCollection()
            .AddBurstOffload(o =>
            {
                o.MaxThreads = 7;
                o.IdleTimeout = TimeSpan.FromSeconds(5);
            })
            .BuildServiceProvider();

        OffloadScheduler scheduler = services.GetRequiredService<OffloadScheduler>();

        Assert.Equal(7, scheduler.MaxThreads);
        Assert.Equal(56, scheduler.MaxQueueLength); // 8 per thread until set
        Assert.Equal(TimeSpan.FromSeconds(5), scheduler.IdleTimeout);
        Assert.Same(scheduler, services.GetRequiredService<OffloadScheduler>());
    }

    [Fact]
    public void Without_options_the_documented_defaults_apply()
    {
        using ServiceProvider services = new ServiceCollection().AddBurstOffload().BuildServiceProvider();

        OffloadScheduler scheduler = services.GetRequiredService<OffloadScheduler>();

        Assert.Equal(Math.Max(256, 16 * Environment.ProcessorCount), scheduler.MaxThreads);
        Assert.Equal(8 * scheduler.MaxThreads, scheduler.MaxQueueLength);
        Assert.Equal(TimeSpan.FromSeconds(30), scheduler.IdleTimeout);
    }

    [Theory]
    [InlineData(0, 30_000)]
    [InlineData(-1, 30_000)]
    [InlineData(8, 0)]
    [InlineData(8, -5)]
    public async Task Invalid_options_stop_the_host_at_startup_not_at_the_first_request(int maxThreads, int idleTimeoutMs)
    {
        HostApplicationBuilder builder = Host.CreateApplicationBuilder();
        builder.Services.AddBurstOffload(o =>
        {
            o.MaxThreads = maxThreads;
            o.IdleTimeout = TimeSpan.FromMilliseconds(idleTimeoutMs);
        });
        using IHost host = builder.Build();

        await Assert.ThrowsAsync<OptionsValidationException>(() => host.StartAsync());
    }

    [Fact]
    public async Task The_startup_error_names_every_invalid_option_with_its_value()
    {
        HostApplicationBuilder builder = Host.CreateApplicationBuilder();
        builder.Services.AddBurstOffload(o =>
        {
            o.MaxThreads = 0;
            o.MaxQueueLength = -3;
            o.IdleTimeout = TimeSpan.FromMilliseconds(-5);
        });
        using IHost host = builder.Build();

        OptionsValidationException error = await Assert.ThrowsAsync<OptionsValidationException>(() => host.StartAsync());

        Assert.Equal(
            new[]
            {
                "OffloadOptions.MaxThreads must be at least 1 (was 0).",
                "OffloadOptions.MaxQueueLength must be at least 0 (was -3).",
                $"OffloadOptions.IdleTimeout must be positive and at most {int.MaxValue} ms, or Timeout.InfiniteTimeSpan (was {TimeSpan.FromMilliseconds(-5)}).",
            },
            error.Failures);
    }

    [Fact]
    public void A_scheduler_built_directly_rejects_invalid_options()
    {
        ArgumentException error = Assert.Throws<ArgumentException>(() => new OffloadScheduler(new OffloadOptions { MaxThreads = 0 }));

        Assert.Contains("MaxThreads", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Disposing_the_services_disposes_the_scheduler_and_its_threads_exit()
    {
        ServiceProvider services = new ServiceCollection().AddBurstOffload().BuildServiceProvider();
        OffloadScheduler scheduler = services.GetRequiredService<OffloadScheduler>();
        await scheduler.RunAsync(() => { });
        Assert.Equal(1, scheduler.ThreadCount);

        await services.DisposeAsync();

        Assert.True(SpinWait.SpinUntil(() => scheduler.ThreadCount == 0, TimeSpan.FromSeconds(15)));
        await Assert.ThrowsAsync<ObjectDisposedException>(() => scheduler.RunAsync(() => { }));
    }
}
