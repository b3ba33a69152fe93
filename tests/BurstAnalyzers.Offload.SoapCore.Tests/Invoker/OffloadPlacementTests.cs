using System.Threading.Tasks;
using BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;
using BurstAnalyzers.Offload.SoapCore.TestHost;
using Xunit;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Invoker;

/// <summary>Where [OffloadBlocking] may sit, seen from inside the operation through the real host and client.</summary>
public sealed class OffloadPlacementTests
{
    [Fact]
    public async Task An_unmarked_operation_runs_on_the_request_thread()
    {
        await using SoapHost host = await SoapHost.StartAsync();
        using var clients = new ProbeClients(host.ServiceAddress);
        IProbeClient client = await clients.OpenAsync();

        ThreadReport report = await client.PlainAsync(0);

        Assert.False(report.OnOffloadThread);
        Assert.True(report.OnThreadPool);
        Assert.Equal(0, host.Scheduler.ThreadCount);
    }

    [Fact]
    public async Task The_attribute_on_the_contract_method_offloads()
    {
        ThreadReport report = await CallAsync(client => client.MarkedOnContractAsync(0));
        AssertOffloadedWithContext(report);
    }

    [Fact]
    public async Task The_attribute_on_the_implementing_method_offloads()
    {
        ThreadReport report = await CallAsync(client => client.MarkedOnImplementationAsync(0));
        AssertOffloadedWithContext(report);
    }

    [Fact]
    public async Task The_attribute_on_an_explicit_implementation_offloads()
    {
        ThreadReport report = await CallAsync(client => client.MarkedOnExplicitImplementationAsync(0));
        AssertOffloadedWithContext(report);
    }

    [Fact]
    public async Task A_task_returning_operation_runs_its_synchronous_part_offloaded()
    {
        ThreadReport report = await CallAsync(client => client.MarkedAsync(0));
        AssertOffloadedWithContext(report);
    }

    [Fact]
    public async Task Without_the_registration_the_attribute_changes_nothing()
    {
        await using SoapHost host = await SoapHost.StartAsync(offload: false);
        using var clients = new ProbeClients(host.ServiceAddress);
        IProbeClient client = await clients.OpenAsync();

        ThreadReport report = await client.MarkedOnContractAsync(0);

        Assert.False(report.OnOffloadThread);
        Assert.Equal(SoapTestApp.FlowedMarker, report.FlowedMarker);
    }

    [Fact]
    public async Task The_unmarked_operation_sees_the_same_context_as_an_offloaded_one()
    {
        await using SoapHost host = await SoapHost.StartAsync();
        using var clients = new ProbeClients(host.ServiceAddress);
        IProbeClient client = await clients.OpenAsync();

        ThreadReport plain = await client.PlainAsync(0);
        ThreadReport offloaded = await client.MarkedOnContractAsync(0);

        Assert.Equal(plain.FlowedMarker, offloaded.FlowedMarker);
        Assert.Equal(plain.Culture, offloaded.Culture);
    }

    private static async Task<ThreadReport> CallAsync(System.Func<IProbeClient, Task<ThreadReport>> call)
    {
        await using SoapHost host = await SoapHost.StartAsync();
        using var clients = new ProbeClients(host.ServiceAddress);
        return await call(await clients.OpenAsync());
    }

    private static void AssertOffloadedWithContext(ThreadReport report)
    {
        Assert.True(report.OnOffloadThread);
        Assert.False(report.OnThreadPool);
        // The request's ExecutionContext flowed onto the offload thread.
        Assert.Equal(SoapTestApp.FlowedMarker, report.FlowedMarker);
        Assert.Equal(SoapTestApp.FlowedCulture, report.Culture);
    }
}
