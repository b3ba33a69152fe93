using System.Linq;
using System.Net;
using System.Net.Http;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.TestHost;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Infrastructure;

/// <summary>The exception that reached the top of the test application's pipeline, as its middleware reported it.</summary>
internal sealed record PipelineException(string Type, string Message, string? ThrownBy)
{
    public static async Task<PipelineException> ReportedForAsync(HttpClient client, string path)
    {
        using HttpResponseMessage response = await client.GetAsync(path);
        Assert.Equal(HttpStatusCode.InternalServerError, response.StatusCode);
        return new PipelineException(
            Header(response, TestApp.ExceptionTypeHeader)!,
            Header(response, TestApp.ExceptionMessageHeader)!,
            Header(response, TestApp.ExceptionThrownByHeader));
    }

    private static string? Header(HttpResponseMessage response, string name) =>
        response.Headers.TryGetValues(name, out var values) ? values.Single() : null;
}
