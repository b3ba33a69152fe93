namespace BlazorServer.Services;

/// <summary>A service the component calls: its blocking is the component's, through the call (BURST005).</summary>
public sealed class Catalog
{
    public IReadOnlyList<string> Load()
    {
        Thread.Sleep(50);
        return ["tea", "coffee"];
    }
}
