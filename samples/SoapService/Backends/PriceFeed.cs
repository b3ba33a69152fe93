namespace SoapService.Backends;

// Stands in for a synchronous vendor client that takes a second per call.
public class PriceFeed
{
    public decimal Fetch(string symbol)
    {
        Thread.Sleep(1000);
        return symbol.Length * 10m;
    }
}
