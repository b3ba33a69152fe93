using System;
using System.Diagnostics.Metrics;
using System.Text;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.Net.Http.Headers;

// A faulty metrics listener must not turn a rejected request into a failed one.
#pragma warning disable CA1031

namespace BurstAnalyzers.Offload.SoapCore.DepthLimit;

/// <summary>Rejects request bodies nested deeper than the limit before SoapCore parses them (see
/// <see cref="SoapDepthLimitApplicationBuilderExtensions.UseSoapDepthLimit"/>).</summary>
internal sealed class SoapDepthLimitMiddleware
{
    /// <summary>Requests answered with a fault because their XML was nested too deep (a total).</summary>
    public const string Rejected = "burst.soap.request.rejected";

    private readonly RequestDelegate _next;
    private readonly int _maxDepth;
    private readonly Counter<long> _rejected;

    public SoapDepthLimitMiddleware(RequestDelegate next, int maxDepth, IMeterFactory? meterFactory = null)
    {
        _next = next;
        _maxDepth = maxDepth;
        Meter meter = meterFactory?.Create(OffloadScheduler.MeterName) ?? new Meter(OffloadScheduler.MeterName);
        _rejected = meter.CreateCounter<long>(Rejected, "{request}", "SOAP requests answered with a fault because their XML was nested deeper than the limit.");
    }

    public async Task InvokeAsync(HttpContext context)
    {
        HttpRequest request = context.Request;
        if (context.Features.Get<IHttpRequestBodyDetectionFeature>()?.CanHaveBody == false)
        {
            await _next(context).ConfigureAwait(false);
            return;
        }

        request.EnableBuffering();
        bool tooDeep = await XmlDepth.ExceedsAsync(request.Body, DeclaredEncoding(request), _maxDepth, context.RequestAborted).ConfigureAwait(false);
        request.Body.Position = 0;
        if (!tooDeep)
        {
            await _next(context).ConfigureAwait(false);
            return;
        }

        try
        {
            _rejected.Add(1);
        }
        catch (Exception)
        {
        }

        await SoapFaultResponse.WriteSenderFaultAsync(
            context,
            $"The request's XML is nested deeper than {_maxDepth} elements, the limit this service accepts.").ConfigureAwait(false);
    }

    /// <summary>The charset of the request's Content-Type, as SoapCore reads it; null when absent or unknown.</summary>
    private static Encoding? DeclaredEncoding(HttpRequest request)
    {
        if (!MediaTypeHeaderValue.TryParse(request.ContentType, out MediaTypeHeaderValue? mediaType) || !mediaType.Charset.HasValue)
        {
            return null;
        }

        try
        {
            return Encoding.GetEncoding(mediaType.Charset.Value!);
        }
        catch (ArgumentException)
        {
            return null;
        }
    }
}
