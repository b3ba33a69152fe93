using System;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.ServiceModel;
using System.Text;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.SoapCore.TestHost;
using BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;
using BurstAnalyzers.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Invoker;

/// <summary>
/// With the one offload thread busy and a queue limit of 0, an offloaded operation is answered at once with a SOAP
/// fault saying the queue is full, with Retry-After on the response; the operation never runs; the busy one completes.
/// </summary>
public sealed class QueueLimitTests
{
    [Fact]
    public async Task Past_the_queue_limit_an_offloaded_operation_gets_a_SOAP_fault_and_Retry_After()
    {
        await using SoapHost host = await SoapHost.StartAsync(configureAfter: services =>
        {
            services.AddHttpContextAccessor();
            services.Configure<OffloadOptions>(o =>
            {
                o.MaxThreads = 1;
                o.MaxQueueLength = 0;
            });
        });
        using var clients = new ProbeClients(host.ServiceAddress);
        Task<ThreadReport> holder = (await clients.OpenAsync()).MarkedOnContractAsync(3000);
        await Eventually.TrueAsync(() => host.Scheduler.RunningCount == 1);

        FaultException fault = await Assert.ThrowsAnyAsync<FaultException>(async () => await (await clients.OpenAsync()).MarkedOnContractAsync(0));
        Assert.StartsWith("The offload queue is full (0 work items wait for a thread): the work was not run; retry in 1 s.", fault.Message, StringComparison.Ordinal);

        using var http = new HttpClient();
        using var content = new StringContent(
            """<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><MarkedOnContract xmlns="urn:burst-tests"><sleepMs>0</sleepMs></MarkedOnContract></s:Body></s:Envelope>""",
            Encoding.UTF8,
            "text/xml");
        content.Headers.Add("SOAPAction", "\"urn:burst-tests/IProbeService/MarkedOnContract\"");
        using HttpResponseMessage raw = await http.PostAsync(host.ServiceAddress, content);
        Assert.Equal(HttpStatusCode.InternalServerError, raw.StatusCode);
        Assert.Equal("1", raw.Headers.GetValues("Retry-After").Single());
        Assert.Contains("<faultstring>The offload queue is full", await raw.Content.ReadAsStringAsync(), StringComparison.Ordinal);

        Assert.True((await holder).OnOffloadThread);
        Assert.Equal(1, host.Scheduler.ThreadCount);
    }
}
