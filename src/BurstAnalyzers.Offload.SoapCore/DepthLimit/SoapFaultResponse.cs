using System;
using System.IO;
using System.Text;
using System.Threading.Tasks;
using System.Xml;
using Microsoft.AspNetCore.Http;
using Microsoft.Net.Http.Headers;

namespace BurstAnalyzers.Offload.SoapCore.DepthLimit;

/// <summary>A SOAP fault blaming the sender, in the SOAP version the request used: SOAP 1.2 (application/soap+xml)
/// sends a <c>Sender</c> fault with HTTP 400, SOAP 1.1 (any other content type) a <c>Client</c> fault with HTTP 500, as
/// each version's HTTP binding says and WCF clients expect.</summary>
internal static class SoapFaultResponse
{
    private const string Soap11Envelope = "http://schemas.xmlsoap.org/soap/envelope/";
    private const string Soap12Envelope = "http://www.w3.org/2003/05/soap-envelope";
    private const string Soap12MediaType = "application/soap+xml";

    public static async Task WriteSenderFaultAsync(HttpContext context, string reason)
    {
        bool soap12 = MediaTypeHeaderValue.TryParse(context.Request.ContentType, out MediaTypeHeaderValue? requested)
            && requested.MediaType.Equals(Soap12MediaType, StringComparison.OrdinalIgnoreCase);

        using var buffer = new MemoryStream();
        using (var writer = XmlWriter.Create(buffer, new XmlWriterSettings { Encoding = new UTF8Encoding(false), OmitXmlDeclaration = true }))
        {
            string envelope = soap12 ? Soap12Envelope : Soap11Envelope;
            writer.WriteStartElement("s", "Envelope", envelope);
            writer.WriteStartElement("s", "Body", envelope);
            writer.WriteStartElement("s", "Fault", envelope);
            if (soap12)
            {
                writer.WriteStartElement("s", "Code", envelope);
                writer.WriteElementString("s", "Value", envelope, "s:Sender");
                writer.WriteEndElement();
                writer.WriteStartElement("s", "Reason", envelope);
                writer.WriteStartElement("s", "Text", envelope);
                writer.WriteAttributeString("xml", "lang", null, "en");
                writer.WriteString(reason);
                writer.WriteEndElement();
                writer.WriteEndElement();
            }
            else
            {
                writer.WriteElementString("faultcode", "s:Client");
                writer.WriteStartElement("faultstring");
                writer.WriteAttributeString("xml", "lang", null, "en");
                writer.WriteString(reason);
                writer.WriteEndElement();
            }

            writer.WriteEndElement();
            writer.WriteEndElement();
            writer.WriteEndElement();
        }

        HttpResponse response = context.Response;
        response.StatusCode = soap12 ? StatusCodes.Status400BadRequest : StatusCodes.Status500InternalServerError;
        response.ContentType = (soap12 ? Soap12MediaType : "text/xml") + "; charset=utf-8";
        response.ContentLength = buffer.Length;
        buffer.Position = 0;
        await buffer.CopyToAsync(response.Body, context.RequestAborted).ConfigureAwait(false);
    }
}
