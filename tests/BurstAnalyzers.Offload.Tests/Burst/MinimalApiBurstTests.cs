using Xunit;
using Xunit.Abstractions;

namespace BurstAnalyzers.Offload.Tests.Burst;

public sealed class MinimalApiBurstTests(ITestOutputHelper output)
{
    [Fact]
    public void Fifty_simultaneous_blocking_calls_to_an_offloaded_minimal_api_endpoint_take_about_one_blocking_time() =>
        BurstComparison.Run(output, "Minimal API endpoint", "/minimal/offloaded", "/minimal/blocking");
}
