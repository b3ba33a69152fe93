using Xunit;
using Xunit.Abstractions;

namespace BurstAnalyzers.Offload.Tests.Burst;

public sealed class MvcBurstTests(ITestOutputHelper output)
{
    [Fact]
    public void Fifty_simultaneous_blocking_calls_to_an_offloaded_controller_action_take_about_one_blocking_time() =>
        BurstComparison.Run(output, "MVC controller action", "/mvc/offloaded", "/mvc/blocking");
}
