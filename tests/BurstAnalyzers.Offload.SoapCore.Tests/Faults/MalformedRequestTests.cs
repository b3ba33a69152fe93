using System.Net;
using System.Net.Http;
using System.Text;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Faults;

/// <summary>
/// Requests SoapCore rejects before it invokes anything get SoapCore's own answer, the same with or without offload, and
/// never reach the scheduler: no thread started, nothing queued or running.
/// </summary>
public sealed class MalformedRequestTests
{
    private const string Action = "urn:burst-tests/IProbeService/MarkedOnContract";

    public static TheoryData<string, string, HttpStatusCode> Requests => new()
    {
        { "not XML", "this is not a SOAP envelope", HttpStatusCode.BadRequest },
        { "truncated envelope", """<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><MarkedOnContract xmlns="urn:burst-tests">""", HttpStatusCode.BadRequest },
        { "argument of the wrong type", """<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><MarkedOnContract xmlns="urn:burst-tests"><sleepMs>soon</sleepMs></MarkedOnContract></s:Body></s:Envelope>""", HttpStatusCode.InternalServerError },
    };

    [Theory]
    [MemberData(nameof(Requests))]
    public async Task A_malformed_request_gets_SoapCores_error_and_leaves_nothing_behind(string what, string body, HttpStatusCode expected)
    {
        (HttpStatusCode Status, string Body) withoutOffload;
        await using (SoapHost plainHost = await SoapHost.StartAsync(offload: false))
        {
            withoutOffload = await PostAsync(plainHost, body);
        }

        await using SoapHost host = await SoapHost.StartAsync();
        (HttpStatusCode status, string answer) = await PostAsync(host, body);

        Assert.True(status == expected, $"{what}: HTTP {status}");
        Assert.Equal(withoutOffload.Status, status);
        Assert.Equal(withoutOffload.Body, answer);
        Assert.Equal(0, host.Scheduler.ThreadCount);
        Assert.Equal(0, host.Scheduler.RunningCount);
        Assert.Equal(0, host.Scheduler.QueueLength);
    }

    private static async Task<(HttpStatusCode Status, string Body)> PostAsync(SoapHost host, string body)
    {
        using var client = new HttpClient();
        using var content = new StringContent(body, Encoding.UTF8, "text/xml");
        content.Headers.Add("SOAPAction", $"\"{Action}\"");
        using HttpResponseMessage response = await client.PostAsync(host.ServiceAddress, content);
        return (response.StatusCode, await response.Content.ReadAsStringAsync());
    }
}
