using Shop.Data;

namespace Shop.Services;

public sealed class QuoteService(PriceClient prices)
{
    public decimal Quote(string symbol) => Math.Round(prices.Latest(symbol) * 1.01m, 2);

    public decimal Estimate(string symbol) => PriceClient.Fixed(symbol);
}
