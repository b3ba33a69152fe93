namespace BlockingApi.Services;

// Stands in for a synchronous vendor client whose call takes `ms` milliseconds.
public class PriceFeed
{
    public decimal Fetch(int ms)
    {
        Thread.Sleep(ms);
        return 42m;
    }
}
