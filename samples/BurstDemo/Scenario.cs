namespace BurstDemo;

/// <summary>One burst the demo measures: which endpoint of samples/BlockingApi, and how long its operation takes.</summary>
internal sealed record Scenario(string Name, string Endpoint, int OperationDelayMs, string Description)
{
    public static readonly string[] Names = { "sync", "chain", "io", "asyncio", "sleep2s" };

    public string PathAndQuery => $"{Endpoint}?ms={OperationDelayMs}";

    public static Scenario Create(string name, int delayMs) => name switch
    {
        "sync" => new(name, "/sync", delayMs, "Thread.Sleep in a controller action (the ASP.NET Core report: 15 s for 100 requests of 1 s)"),
        "chain" => new(name, "/chain", delayMs, "the same Thread.Sleep two calls down, in services the action calls (found by BURST005)"),
        "io" => new(name, "/io", delayMs, "HttpClient.GetAsync(...).Result against the server's own /slow endpoint (the report: 65 s)"),
        "asyncio" => new(name, "/asyncio", delayMs, "the same call, awaited, already in the sample (the report: about 1.1 s)"),
        // The WCF report's operation slept 2 s. CoreWCF and System.ServiceModel are not on this machine's package
        // source, so the same 2 s blocking operation runs as an ASP.NET Core action instead: labelled as such everywhere.
        "sleep2s" => new(name, "/sync", 2000, "the WCF report's 2 s operation (Thread.Sleep(2000), 14 s for 100 calls there), run as an ASP.NET Core action: CoreWCF is not available here"),
        _ => throw new ArgumentException($"Unknown scenario '{name}'; known: {string.Join(", ", Names)}."),
    };
}
