namespace SoapService.Backends;

// What GetQuote calls. Nothing here looks like blocking: the wait is one call further down, in the price feed. BURST005
// follows the calls and reports the operation's call: GetQuote → QuoteBook.Latest → PriceFeed.Fetch → Thread.Sleep.
public class QuoteBook
{
    private readonly PriceFeed _feed;

    public QuoteBook(PriceFeed feed) => _feed = feed;

    public string Latest(string symbol) => $"{symbol} {_feed.Fetch(symbol)}";
}
