using Shapes.Data;

namespace Shapes.Services;

public static class Pricing
{
    private static readonly HttpClient Client = new();

    public static decimal Convert(RateSource source, decimal amount, string currency) => amount * source.Rate(currency);

    public static string Quote(string symbol) => Client.GetStringAsync("http://127.0.0.1:9/quote/" + symbol).Result;

    public static int Cached() => 42;
}
