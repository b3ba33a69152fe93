using System;
using BurstAnalyzers.Offload.SoapCore.DepthLimit;
using Microsoft.AspNetCore.Builder;

namespace BurstAnalyzers.Offload;

/// <summary>Rejects SOAP requests nested too deep for SoapCore to parse safely.</summary>
public static class SoapDepthLimitApplicationBuilderExtensions
{
    /// <summary>
    /// 64 nested elements, envelope included: twice WCF's default (<c>XmlDictionaryReaderQuotas.MaxDepth</c> = 32), so
    /// every message a default WCF binding accepted passes, and far below the thousands at which SoapCore's parse gets
    /// slow (40,000: 2.2 s a request) or overflows the stack (100,000).
    /// </summary>
    public const int DefaultMaxDepth = 64;

    /// <summary>
    /// Answers a request whose body is XML nested deeper than <paramref name="maxDepth"/> elements with a SOAP fault
    /// (SOAP 1.1: HTTP 500, <c>Client</c>; SOAP 1.2: HTTP 400, <c>Sender</c>) before SoapCore reads it. SoapCore 1.2
    /// builds the whole envelope as an <c>XDocument</c> and copies its body recursively, without applying
    /// <c>SoapEncoderOptions.ReaderQuotas</c> there: one request 100,000 elements deep overflows the stack and ends the
    /// process. Call it before <c>UseSoapEndpoint</c>.
    /// </summary>
    /// <remarks>
    /// The body is read once with a streaming <see cref="System.Xml.XmlReader"/>, stopping at the first element past the
    /// limit, then rewound for SoapCore (buffered as ASP.NET Core's <c>EnableBuffering</c> does: in memory, then a
    /// temporary file past 30 KB). Bodies that are not well-formed XML are left to SoapCore, which answers them as
    /// before. Rejections are counted by <c>burst.soap.request.rejected</c> under the meter
    /// <see cref="OffloadScheduler.MeterName"/>.
    /// </remarks>
    /// <param name="app">The application's pipeline.</param>
    /// <param name="maxDepth">The deepest element nesting accepted, the envelope being 1.</param>
    /// <returns>The pipeline, for chaining.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDepth"/> is less than 3 (envelope, body,
    /// operation).</exception>
    public static IApplicationBuilder UseSoapDepthLimit(this IApplicationBuilder app, int maxDepth = DefaultMaxDepth)
    {
        ArgumentNullException.ThrowIfNull(app);
        if (maxDepth < 3)
        {
            throw new ArgumentOutOfRangeException(nameof(maxDepth), maxDepth, "A SOAP request needs at least 3 levels: envelope, body and operation.");
        }

        return app.UseMiddleware<SoapDepthLimitMiddleware>(maxDepth);
    }
}
