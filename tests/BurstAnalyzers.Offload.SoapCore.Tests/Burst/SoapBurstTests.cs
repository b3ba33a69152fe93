using System;
using System.Diagnostics;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;
using BurstAnalyzers.Offload.SoapCore.TestHost;
using BurstAnalyzers.Tests.Shared;
using Xunit;
using Xunit.Abstractions;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Burst;

/// <summary>
/// The WCF report's burst at test size: 50 simultaneous WCF calls to an operation that blocks 1 s, offloaded and not,
/// in one run against a fresh server process. Judged by the ratio: the machine's CPUs are shared, absolute times are not.
/// </summary>
public sealed class SoapBurstTests(ITestOutputHelper output)
{
    private const int Calls = 50;
    private const int SleepMs = 1000;

    [Fact]
    public async Task An_offloaded_operation_finishes_a_burst_near_its_own_duration_and_several_times_faster()
    {
        using ChildHostProcess host = ChildHostProcess.Start(typeof(SoapTestApp).Assembly, Program.ListeningPrefix);
        using var clients = new ProbeClients(host.BaseAddress);
        var channels = await Task.WhenAll(Enumerable.Range(0, Calls).Select(_ => clients.OpenAsync()));
        // Serializers, JIT and one connection per channel, outside the measurement: bursts that do not block take the
        // same code paths without growing the thread pool.
        await BurstAsync(channels, c => c.PlainAsync(0));
        await BurstAsync(channels, c => c.MarkedOnContractAsync(0));

        // Offloaded first: the unoffloaded burst grows the process's thread pool, which would flatter what follows it.
        (TimeSpan offloaded, ThreadReport[] offloadedReports) = await BurstAsync(channels, c => c.MarkedOnContractAsync(SleepMs));
        (TimeSpan blocking, ThreadReport[] blockingReports) = await BurstAsync(channels, c => c.PlainAsync(SleepMs));
        output.WriteLine($"{Calls} x {SleepMs} ms: offloaded {offloaded.TotalSeconds:0.00} s, on the thread pool {blocking.TotalSeconds:0.00} s ({blocking / offloaded:0.0} x)");

        Assert.All(offloadedReports, r => Assert.True(r.OnOffloadThread));
        Assert.All(blockingReports, r => Assert.False(r.OnOffloadThread));
        Assert.True(blocking >= 3 * offloaded, $"offloaded {offloaded.TotalSeconds:0.00} s should be several times faster than {blocking.TotalSeconds:0.00} s");
        // Near its own duration: under two and a half rounds of the operation, whatever the ratio.
        Assert.True(offloaded < TimeSpan.FromMilliseconds(2.5 * SleepMs), $"offloaded burst took {offloaded.TotalSeconds:0.00} s");
    }

    private static async Task<(TimeSpan Elapsed, ThreadReport[] Reports)> BurstAsync(IProbeClient[] channels, Func<IProbeClient, Task<ThreadReport>> call)
    {
        var stopwatch = Stopwatch.StartNew();
        ThreadReport[] reports = await Task.WhenAll(channels.Select(call));
        return (stopwatch.Elapsed, reports);
    }
}
