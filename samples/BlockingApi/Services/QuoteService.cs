namespace BlockingApi.Services;

// What the /chain action calls. Nothing here looks like blocking: the wait is one call further down, in the price
// feed. BURST005 follows the calls and reports the action's call with the chain Chain → QuoteService.Latest →
// PriceFeed.Fetch → Thread.Sleep.
public class QuoteService
{
    private readonly PriceFeed _feed;

    public QuoteService(PriceFeed feed) => _feed = feed;

    public string Latest(int ms)
    {
        var price = _feed.Fetch(ms);
        return $"quote {price}";
    }
}
