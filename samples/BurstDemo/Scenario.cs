using BurstDemo.Variants;

namespace BurstDemo;

/// <summary>One burst the demo measures: which sample server and endpoint, and how long its operation takes.</summary>
internal sealed record Scenario(string Name, string Endpoint, int OperationDelayMs, string Description, SampleServer Server)
{
    public static readonly string[] Names = { "sync", "chain", "io", "asyncio", "wcf" };

    /// <summary>True for the SOAP scenario: the WCF client calls IService1.GetData instead of an HTTP GET.</summary>
    public bool IsWcf => Server == SampleServer.SoapService;

    public string PathAndQuery => IsWcf ? Endpoint : $"{Endpoint}?ms={OperationDelayMs}";

    /// <summary>What one request of the burst is, for logs, charts and the report.</summary>
    public string Request => IsWcf ? $"WCF calls of IService1.GetData at {Endpoint}" : $"GET {PathAndQuery}";

    public static Scenario Create(string name, int delayMs) => name switch
    {
        "sync" => new(name, "/sync", delayMs, "Thread.Sleep in a controller action (the ASP.NET Core report: 15 s for 100 requests of 1 s)", SampleServer.BlockingApi),
        "chain" => new(name, "/chain", delayMs, "the same Thread.Sleep two calls down, in services the action calls (found by BURST005)", SampleServer.BlockingApi),
        "io" => new(name, "/io", delayMs, "HttpClient.GetAsync(...).Result against the server's own /slow endpoint (the report: 65 s)", SampleServer.BlockingApi),
        "asyncio" => new(name, "/asyncio", delayMs, "the same call, awaited, already in the sample (the report: about 1.1 s)", SampleServer.BlockingApi),
        // The WCF report's service and client: its operation always sleeps 2 s, whatever --delay says.
        "wcf" => new(name, "/Service1.svc", 2000, "the WCF report: IService1.GetData doing Thread.Sleep(2000) on SoapCore, called by System.ServiceModel's ChannelFactory over BasicHttpBinding (14 s for 100 calls there)", SampleServer.SoapService),
        _ => throw new ArgumentException($"Unknown scenario '{name}'; known: {string.Join(", ", Names)}."),
    };
}
