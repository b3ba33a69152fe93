using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics.Metrics;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;
using BurstAnalyzers.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Invoker;

/// <summary>Offloaded SOAP operations are counted by the same instruments as offloaded ASP.NET Core handlers.</summary>
public sealed class OffloadMetricsTests
{
    [Fact]
    public async Task Offloaded_operations_are_counted_under_the_offload_meter_and_others_are_not()
    {
        await using SoapHost host = await SoapHost.StartAsync();
        var meterFactory = host.Services.GetRequiredService<IMeterFactory>();
        var totals = new ConcurrentDictionary<string, long>();
        using var listener = new MeterListener
        {
            InstrumentPublished = (instrument, l) =>
            {
                if (instrument.Meter.Name == OffloadScheduler.MeterName && ReferenceEquals(instrument.Meter.Scope, meterFactory))
                {
                    l.EnableMeasurementEvents(instrument);
                }
            },
        };
        listener.SetMeasurementEventCallback<long>((instrument, value, _, _) => totals.AddOrUpdate(instrument.Name, value, (_, total) => total + value));
        listener.Start();
        using var clients = new ProbeClients(host.ServiceAddress);
        IProbeClient client = await clients.OpenAsync();

        await client.PlainAsync(0);
        Assert.Empty(totals);

        await client.MarkedOnContractAsync(0);
        await client.MarkedOnImplementationAsync(0);
        await Eventually.TrueAsync(() => totals.GetValueOrDefault("burst.offload.work_item.completed") == 2);
        Assert.Equal(1, totals.GetValueOrDefault("burst.offload.thread.started"));
        Assert.Equal(0, totals.GetValueOrDefault("burst.offload.work_item.queued"));
    }
}
