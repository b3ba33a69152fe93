using System.Threading.Tasks;
using BurstAnalyzers.Offload.TestHost.Probes;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.AspNetCore;

/// <summary>[OffloadBlocking] on MVC controllers and actions, on a real Kestrel host.</summary>
public sealed class MvcOffloadTests(HostFixture fixture) : IClassFixture<HostFixture>
{
    [Fact]
    public async Task A_marked_action_runs_on_an_offload_thread_with_the_request_state()
    {
        (ProbeReport report, string traceId) = await ProbeRequests.GetAsync(fixture.Host.Client, "/mvc/probe");

        ProbeAssert.Offloaded(report, traceId);
    }

    [Fact]
    public async Task An_unmarked_action_still_runs_on_the_thread_pool()
    {
        (ProbeReport report, _) = await ProbeRequests.GetAsync(fixture.Host.Client, "/mvc/probe-plain");

        ProbeAssert.NotOffloaded(report);
    }

    [Fact]
    public async Task The_attribute_on_the_controller_class_offloads_its_actions()
    {
        (ProbeReport report, string traceId) = await ProbeRequests.GetAsync(fixture.Host.Client, "/mvc/offloaded-controller/probe");

        ProbeAssert.Offloaded(report, traceId);
    }

    [Fact]
    public async Task An_action_that_binds_a_request_body_runs_offloaded_with_its_argument()
    {
        (ProbeReport report, string traceId) = await ProbeRequests.PostAsync(fixture.Host.Client, "/mvc/probe-body", new ProbeInput("from the body"));

        ProbeAssert.Offloaded(report, traceId);
        Assert.Equal("from the body", report.Echo);
    }

    [Fact]
    public async Task The_exception_an_offloaded_action_throws_reaches_the_pipeline_unchanged()
    {
        PipelineException reported = await PipelineException.ReportedForAsync(fixture.Host.Client, "/mvc/throw");

        Assert.Equal(typeof(ProbeException).FullName, reported.Type);
        Assert.Equal("thrown by the offloaded action", reported.Message);
        Assert.Equal("Throw", reported.ThrownBy);
    }

    [Fact]
    public Task An_aborted_request_still_queued_for_an_offload_thread_never_runs() =>
        QueuedRequestCancellation.AssertCanceledRequestNeverRuns("/mvc/gate");
}
