using System;
using System.ServiceModel;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.SoapCore.TestHost;
using BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;
using BurstAnalyzers.Tests.Shared;
using Xunit;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Faults;

/// <summary>What an offloaded operation throws reaches the WCF client as the very fault the same operation sends unoffloaded.</summary>
public sealed class FaultTests
{
    [Theory]
    [InlineData("typed")]
    [InlineData("fault")]
    [InlineData("exception")]
    public async Task An_offloaded_operation_sends_the_same_fault_as_without_offload(string kind)
    {
        await using SoapHost host = await SoapHost.StartAsync();
        using var clients = new ProbeClients(host.ServiceAddress);

        FaultException plain = await Assert.ThrowsAnyAsync<FaultException>(async () => await (await clients.OpenAsync()).FailPlainAsync(kind));
        FaultException offloaded = await Assert.ThrowsAnyAsync<FaultException>(async () => await (await clients.OpenAsync()).FailOffloadedAsync(kind));

        Assert.Equal(plain.GetType(), offloaded.GetType());
        Assert.Equal(plain.Message, offloaded.Message);
        Assert.Equal(plain.Code.Name, offloaded.Code.Name);
        Assert.Equal(plain.Code.Namespace, offloaded.Code.Namespace);
        Assert.Equal(plain.Action, offloaded.Action);
        Assert.Equal(1, await CompletedOffloadsAsync(host));
    }

    [Fact]
    public async Task A_typed_fault_keeps_its_detail()
    {
        await using SoapHost host = await SoapHost.StartAsync();
        using var clients = new ProbeClients(host.ServiceAddress);

        var fault = await Assert.ThrowsAsync<FaultException<ProbeFault>>(async () => await (await clients.OpenAsync()).FailOffloadedAsync("typed"));

        Assert.Equal("a typed fault", fault.Message);
        Assert.Equal("ProbeFault", fault.Code.Name);
        Assert.Equal("typed", fault.Detail.Reason);
        Assert.Equal(42, fault.Detail.Code);
    }

    [Fact]
    public async Task A_fault_leaves_the_offload_thread_ready_for_the_next_call()
    {
        await using SoapHost host = await SoapHost.StartAsync();
        using var clients = new ProbeClients(host.ServiceAddress);
        IProbeClient client = await clients.OpenAsync();
        await Assert.ThrowsAsync<FaultException<ProbeFault>>(() => client.FailOffloadedAsync("typed"));

        Assert.Equal("ok", await client.FailOffloadedAsync("ok"));
        ThreadReport report = await client.MarkedOnContractAsync(0);
        Assert.True(report.OnOffloadThread);
        Assert.Equal(0, host.Scheduler.RunningCount);
    }

    private static async Task<int> CompletedOffloadsAsync(SoapHost host)
    {
        // The offloaded operation ran exactly once on the scheduler, and nothing is left running or queued.
        await Eventually.TrueAsync(() => host.Scheduler.RunningCount == 0);
        Assert.Equal(0, host.Scheduler.QueueLength);
        return host.Scheduler.ThreadCount;
    }
}
