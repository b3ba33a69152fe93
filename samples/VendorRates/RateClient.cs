namespace Vendor.Rates;

/// <summary>The vendor's synchronous API over its asynchronous HTTP call (sync over async), with a retry, as SDKs do.</summary>
public static class RateClient
{
    public static decimal GetRate(string currency)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(currency);
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                return FetchAsync(currency).GetAwaiter().GetResult();
            }
            catch (TimeoutException) when (attempt < 3)
            {
                // The vendor retries timeouts twice.
            }
        }
    }

    private static async Task<decimal> FetchAsync(string currency)
    {
        // The vendor's round trip to its rate service.
        await Task.Delay(1000).ConfigureAwait(false);
        return currency.Length / 3m;
    }
}
