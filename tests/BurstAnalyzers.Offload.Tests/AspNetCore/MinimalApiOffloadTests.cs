using System.Threading.Tasks;
using BurstAnalyzers.Offload.TestHost.Probes;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.AspNetCore;

/// <summary>Each supported way of offloading a minimal API endpoint, on a real Kestrel host.</summary>
public sealed class MinimalApiOffloadTests(HostFixture fixture) : IClassFixture<HostFixture>
{
    [Theory]
    [InlineData("/minimal/marked/attribute")] // [OffloadBlocking] on the lambda, filter on the group
    [InlineData("/minimal/marked/metadata")] // .WithMetadata(new OffloadBlockingAttribute())
    [InlineData("/minimal/marked/method-group")] // [OffloadBlocking] on the handler's class
    [InlineData("/minimal/extension")] // .OffloadBlocking() on the endpoint
    [InlineData("/minimal/offloaded-group/probe")] // .OffloadBlocking() on its group
    public async Task A_marked_endpoint_runs_on_an_offload_thread_with_the_request_state(string path)
    {
        (ProbeReport report, string traceId) = await ProbeRequests.GetAsync(fixture.Host.Client, path);

        ProbeAssert.Offloaded(report, traceId);
    }

    [Fact]
    public async Task An_unmarked_endpoint_in_a_group_with_the_filter_still_runs_on_the_thread_pool()
    {
        (ProbeReport report, _) = await ProbeRequests.GetAsync(fixture.Host.Client, "/minimal/marked/unmarked");

        ProbeAssert.NotOffloaded(report);
    }

    [Fact]
    public async Task An_endpoint_that_binds_a_request_body_runs_offloaded_with_its_argument()
    {
        (ProbeReport report, string traceId) = await ProbeRequests.PostAsync(fixture.Host.Client, "/minimal/body", new ProbeInput("from the body"));

        ProbeAssert.Offloaded(report, traceId);
        Assert.Equal("from the body", report.Echo);
    }

    [Fact]
    public async Task The_exception_an_offloaded_endpoint_throws_reaches_the_pipeline_unchanged()
    {
        PipelineException reported = await PipelineException.ReportedForAsync(fixture.Host.Client, "/minimal/throw");

        Assert.Equal(typeof(ProbeException).FullName, reported.Type);
        Assert.Equal("thrown by the offloaded handler", reported.Message);
    }

    [Fact]
    public Task An_aborted_request_still_queued_for_an_offload_thread_never_runs() =>
        QueuedRequestCancellation.AssertCanceledRequestNeverRuns("/minimal/gate");
}
