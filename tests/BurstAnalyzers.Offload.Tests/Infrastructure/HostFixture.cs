using System.Threading.Tasks;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Infrastructure;

/// <summary>One in-process test application shared by the tests of a class.</summary>
public sealed class HostFixture : IAsyncLifetime
{
    private InProcessHost? _host;

    internal InProcessHost Host => _host!;

    public async Task InitializeAsync() => _host = await InProcessHost.StartAsync();

    public async Task DisposeAsync()
    {
        if (_host is not null)
        {
            await _host.DisposeAsync();
        }
    }
}
