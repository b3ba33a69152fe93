using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics.Metrics;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;
using System.Threading.Tasks;
using System.Xml.Linq;
using BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;
using BurstAnalyzers.Offload.SoapCore.TestHost;
using BurstAnalyzers.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Faults;

/// <summary>
/// UseSoapDepthLimit: a body nested deeper than the limit gets a SOAP fault before SoapCore parses it — SoapCore 1.2.1.18
/// overflows the stack on 100,000 levels and ends the process, whatever its ReaderQuotas say — and the server keeps
/// answering; a body at the limit gets exactly what it gets without the guard.
/// </summary>
public sealed class DeepRequestTests
{
    private const string Action = "urn:burst-tests/IProbeService/MarkedOnContract";
    private static readonly XNamespace Soap11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static readonly XNamespace Soap12 = "http://www.w3.org/2003/05/soap-envelope";

    [Fact]
    public async Task A_request_100000_elements_deep_gets_a_fault_and_the_server_keeps_answering()
    {
        // A process of its own: without the guard this request would end the process, and with it the test run.
        using ChildHostProcess host = ChildHostProcess.Start(typeof(SoapTestApp).Assembly, Program.ListeningPrefix);
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(60) };

        foreach (string charset in new[] { "utf-8", "iso-8859-1", "utf-16" })
        {
            (HttpStatusCode status, XDocument answer) = await PostAsync(http, host.BaseAddress, Envelope(Soap11, 100_000), $"text/xml; charset={charset}", charset);
            Assert.True(status == HttpStatusCode.InternalServerError, $"{charset}: HTTP {status}");
            XElement fault = answer.Root!.Element(Soap11 + "Body")!.Element(Soap11 + "Fault")!;
            Assert.Equal("s:Client", fault.Element("faultcode")!.Value);
            Assert.Equal(Reason(SoapDepthLimitApplicationBuilderExtensions.DefaultMaxDepth), fault.Element("faultstring")!.Value);
        }

        (HttpStatusCode status12, XDocument answer12) = await PostAsync(
            http, host.BaseAddress, Envelope(Soap12, 100_000), $"application/soap+xml; charset=utf-8; action=\"{Action}\"", "utf-8");
        Assert.Equal(HttpStatusCode.BadRequest, status12);
        XElement fault12 = answer12.Root!.Element(Soap12 + "Body")!.Element(Soap12 + "Fault")!;
        Assert.Equal("s:Sender", fault12.Element(Soap12 + "Code")!.Element(Soap12 + "Value")!.Value);
        Assert.Equal(Reason(SoapDepthLimitApplicationBuilderExtensions.DefaultMaxDepth), fault12.Element(Soap12 + "Reason")!.Element(Soap12 + "Text")!.Value);

        using var clients = new ProbeClients(host.BaseAddress);
        ThreadReport report = await (await clients.OpenAsync()).MarkedOnContractAsync(0);
        Assert.True(report.OnOffloadThread);
    }

    [Fact]
    public async Task A_request_at_the_limit_passes_unchanged_and_one_past_it_is_rejected_and_counted()
    {
        const int Limit = SoapDepthLimitApplicationBuilderExtensions.DefaultMaxDepth;
        using var http = new HttpClient();
        Dictionary<int, (HttpStatusCode, string)> unguarded = new();
        await using (SoapHost plain = await SoapHost.StartAsync(depthLimit: false))
        {
            foreach (int depth in new[] { Limit, Limit + 1 })
            {
                unguarded[depth] = await PostRawAsync(http, plain.ServiceAddress, Envelope(Soap11, depth));
            }
        }

        await using SoapHost host = await SoapHost.StartAsync();
        var rejected = new ConcurrentBag<long>();
        using MeterListener listener = ListenToRejections(host, rejected);

        Assert.Equal(unguarded[Limit], await PostRawAsync(http, host.ServiceAddress, Envelope(Soap11, Limit)));
        Assert.Equal(HttpStatusCode.OK, unguarded[Limit].Item1);
        Assert.Empty(rejected);

        (HttpStatusCode status, string body) = await PostRawAsync(http, host.ServiceAddress, Envelope(Soap11, Limit + 1));
        Assert.Equal(HttpStatusCode.InternalServerError, status);
        Assert.Contains(Reason(Limit), body, StringComparison.Ordinal);
        Assert.DoesNotContain(Reason(Limit), unguarded[Limit + 1].Item2, StringComparison.Ordinal);
        Assert.Equal(new[] { 1L }, rejected.ToArray());
    }

    [Fact]
    public async Task A_body_that_is_not_XML_still_gets_SoapCores_own_answer()
    {
        using var http = new HttpClient();
        const string NotXml = "{\"this\": \"is not a SOAP envelope\"}";
        (HttpStatusCode, string) unguarded;
        await using (SoapHost plain = await SoapHost.StartAsync(depthLimit: false))
        {
            unguarded = await PostRawAsync(http, plain.ServiceAddress, NotXml);
        }

        await using SoapHost host = await SoapHost.StartAsync();
        Assert.Equal(unguarded, await PostRawAsync(http, host.ServiceAddress, NotXml));
    }

    private static string Reason(int limit) => $"The request's XML is nested deeper than {limit} elements, the limit this service accepts.";

    /// <summary>A call of MarkedOnContract(0) whose operation element also holds an unknown element nested so that the
    /// deepest element sits at <paramref name="depth"/>, the envelope being 1.</summary>
    private static string Envelope(XNamespace soap, int depth)
    {
        int nested = depth - 3;
        var text = new StringBuilder();
        text.Append($"<s:Envelope xmlns:s=\"{soap.NamespaceName}\"><s:Body><MarkedOnContract xmlns=\"urn:burst-tests\"><sleepMs>0</sleepMs>");
        text.Insert(text.Length, "<x>", nested);
        text.Insert(text.Length, "</x>", nested);
        text.Append("</MarkedOnContract></s:Body></s:Envelope>");
        return text.ToString();
    }

    private static async Task<(HttpStatusCode Status, XDocument Answer)> PostAsync(HttpClient http, Uri address, string body, string contentType, string charset)
    {
        using var content = new ByteArrayContent(Encoding.GetEncoding(charset).GetBytes(body));
        content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
        if (contentType.StartsWith("text/xml", StringComparison.Ordinal))
        {
            content.Headers.Add("SOAPAction", $"\"{Action}\"");
        }

        using HttpResponseMessage response = await http.PostAsync(address, content);
        return (response.StatusCode, XDocument.Parse(await response.Content.ReadAsStringAsync()));
    }

    private static async Task<(HttpStatusCode Status, string Body)> PostRawAsync(HttpClient http, Uri address, string body)
    {
        using var content = new StringContent(body, Encoding.UTF8, "text/xml");
        content.Headers.Add("SOAPAction", $"\"{Action}\"");
        using HttpResponseMessage response = await http.PostAsync(address, content);
        return (response.StatusCode, await response.Content.ReadAsStringAsync());
    }

    private static MeterListener ListenToRejections(SoapHost host, ConcurrentBag<long> rejected)
    {
        var meterFactory = host.Services.GetRequiredService<IMeterFactory>();
        var listener = new MeterListener
        {
            InstrumentPublished = (instrument, l) =>
            {
                if (instrument.Name == "burst.soap.request.rejected" && ReferenceEquals(instrument.Meter.Scope, meterFactory))
                {
                    l.EnableMeasurementEvents(instrument);
                }
            },
        };
        listener.SetMeasurementEventCallback<long>((_, value, _, _) => rejected.Add(value));
        listener.Start();
        return listener;
    }
}
