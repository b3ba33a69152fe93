using System.Threading.Tasks;

namespace Vendor.Sdk;

/// <summary>A synchronous API over an asynchronous implementation, the way many SDKs offer one.</summary>
public static class QuoteClient
{
    public static decimal GetQuote(int latencyMs) => FetchAsync(latencyMs).GetAwaiter().GetResult();

    private static async Task<decimal> FetchAsync(int latencyMs)
    {
        await Task.Delay(latencyMs).ConfigureAwait(false);
        return 42m;
    }
}
