using System;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;
using BurstAnalyzers.Offload.SoapCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using SoapCore.Extensibility;
using Xunit;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Invoker;

/// <summary>The offloading invoker wraps whatever invoker the application registered; it never replaces it.</summary>
public sealed class InvokerChainTests
{
    [Fact]
    public async Task An_invoker_registered_before_is_wrapped_and_still_invokes_every_operation()
    {
        await using SoapHost host = await SoapHost.StartAsync(configureServices: services => services.AddSingleton<IOperationInvoker, RecordingInvoker>());
        using var clients = new ProbeClients(host.ServiceAddress);
        IProbeClient client = await clients.OpenAsync();

        ThreadReport plain = await client.PlainAsync(0);
        ThreadReport marked = await client.MarkedOnContractAsync(0);

        Assert.False(plain.OnOffloadThread);
        Assert.True(marked.OnOffloadThread);
        var recording = (RecordingInvoker)((OffloadOperationInvoker)host.Services.GetRequiredService<IOperationInvoker>()).Inner;
        Assert.Equal(
            new[] { (nameof(IProbeService.Plain), false), (nameof(IProbeService.MarkedOnContract), true) },
            recording.Calls.ToArray());
    }

    [Fact]
    public async Task An_invoker_registered_as_a_factory_is_wrapped()
    {
        RecordingInvoker? created = null;
        await using SoapHost host = await SoapHost.StartAsync(configureServices: services =>
            services.AddSingleton<IOperationInvoker>(provider => created = new RecordingInvoker(provider.GetRequiredService<OffloadScheduler>())));
        using var clients = new ProbeClients(host.ServiceAddress);

        ThreadReport marked = await (await clients.OpenAsync()).MarkedOnContractAsync(0);

        Assert.True(marked.OnOffloadThread);
        Assert.NotNull(created);
        Assert.Equal((nameof(IProbeService.MarkedOnContract), true), Assert.Single(created.Calls));
    }

    [Fact]
    public async Task An_invoker_registered_after_fails_the_start_instead_of_silently_not_offloading()
    {
        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => SoapHost.StartAsync(
            configureAfter: services => services.AddSingleton<IOperationInvoker, RecordingInvoker>()));

        Assert.Equal(
            $"[OffloadBlocking] on SOAP operations needs the offloading operation invoker, but SoapCore would use {typeof(RecordingInvoker).FullName}: "
            + "call services.AddBurstOffloadForSoapCore() after registering your own IOperationInvoker.",
            error.Message);
    }

    [Fact]
    public void Calling_the_registration_twice_wraps_once()
    {
        var services = new ServiceCollection();
        services.AddSingleton<IOperationInvoker, RecordingInvoker>();
        services.AddBurstOffloadForSoapCore();
        services.AddBurstOffloadForSoapCore(options => options.MaxThreads = 8);

        Assert.Single(services, d => d.ServiceType == typeof(IOperationInvoker));
        using ServiceProvider provider = services.BuildServiceProvider();
        var invoker = Assert.IsType<OffloadOperationInvoker>(provider.GetRequiredService<IOperationInvoker>());
        Assert.IsType<RecordingInvoker>(invoker.Inner);
        Assert.Equal(8, provider.GetRequiredService<OffloadScheduler>().MaxThreads);
    }

    [Fact]
    public void Without_any_invoker_registered_SoapCores_default_is_wrapped()
    {
        var services = new ServiceCollection();
        services.AddBurstOffloadForSoapCore();

        using ServiceProvider provider = services.BuildServiceProvider();
        var invoker = Assert.IsType<OffloadOperationInvoker>(provider.GetRequiredService<IOperationInvoker>());
        Assert.IsType<global::SoapCore.DefaultOperationInvoker>(invoker.Inner);
    }
}
