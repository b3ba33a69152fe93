namespace Vendor.Rates;

/// <summary>The vendor's synchronous API, a thin wrapper over its asynchronous HTTP call: sync over async.</summary>
public static class RateClient
{
    public static decimal GetRate(string currency) => FetchAsync(currency).GetAwaiter().GetResult();

    private static async Task<decimal> FetchAsync(string currency)
    {
        // The vendor's round trip to its rate service.
        await Task.Delay(1000).ConfigureAwait(false);
        return currency.Length / 3m;
    }
}
