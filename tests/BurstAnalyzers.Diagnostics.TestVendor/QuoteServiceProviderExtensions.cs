using System;
using System.Threading.Tasks;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>
/// The SDK's extension methods, declared in the framework's namespace as SDKs declare theirs: still the vendor's code,
/// which a report names as a library's.
/// </summary>
public static class QuoteServiceProviderExtensions
{
    public static decimal GetQuote(this IServiceProvider services, int latencyMs) => FetchAsync(latencyMs).GetAwaiter().GetResult();

    private static async Task<decimal> FetchAsync(int latencyMs)
    {
        await Task.Delay(latencyMs).ConfigureAwait(false);
        return 42m;
    }
}
