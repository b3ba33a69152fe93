using System.Diagnostics;
using System.Net.Sockets;
using System.Text;
using System.Text.Json;

/// <summary>What both scenarios of the demo do: say what the analyzer reported, send bursts, print latencies.</summary>
internal static class Demo
{
    public static string AnalyzerVerdict(string sarifPath)
    {
        if (!File.Exists(sarifPath))
        {
            return $"Analyzer: no build log at {sarifPath} (build the project to see what the analyzer reported).";
        }

        using var log = JsonDocument.Parse(File.ReadAllText(sarifPath));
        var burst = log.RootElement.GetProperty("runs").EnumerateArray()
            .SelectMany(run => run.TryGetProperty("results", out var results) ? results.EnumerateArray() : Enumerable.Empty<JsonElement>())
            .Where(result => result.GetProperty("ruleId").GetString()?.StartsWith("BURST", StringComparison.Ordinal) == true)
            .Select(result => $"  {result.GetProperty("ruleId").GetString()} line {Line(result)}: {result.GetProperty("message").GetProperty("text").GetString()}")
            .Distinct()
            .ToArray();
        return $"Analyzer (the BurstAnalyzers package, run by this project's build): {burst.Length} BURST diagnostics. "
            + "The vendor's methods are synchronous methods of a compiled library; the build read their IL:"
            + string.Concat(burst.Select(line => Environment.NewLine + line));
    }

    private static int Line(JsonElement result)
    {
        foreach (var location in result.TryGetProperty("locations", out var locations) ? locations.EnumerateArray() : Enumerable.Empty<JsonElement>())
        {
            if (location.TryGetProperty("physicalLocation", out var physical) && physical.TryGetProperty("region", out var region)
                && region.TryGetProperty("startLine", out var line))
            {
                return line.GetInt32();
            }
        }

        return 0;
    }

    public static string Row(string name, TimeSpan[] latencies) =>
        $"| {name} | {latencies[latencies.Length / 2].TotalSeconds:0.00} s | {latencies[^1].TotalSeconds:0.00} s |";

    // Each request from a dedicated thread over a socket of its own: the client uses none of the server's pool threads.
    public static TimeSpan[] Burst(Uri uri, int count)
    {
        var latencies = new TimeSpan[count];
        using var go = new ManualResetEventSlim();
        var threads = Enumerable.Range(0, count).Select(i => new Thread(() =>
        {
            go.Wait();
            var start = Stopwatch.GetTimestamp();
            using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { ReceiveTimeout = 120_000 };
            socket.Connect(uri.Host, uri.Port);
            socket.Send(Encoding.ASCII.GetBytes($"GET {uri.PathAndQuery} HTTP/1.1\r\nHost: {uri.Authority}\r\nConnection: close\r\n\r\n"));
            var buffer = new byte[4096];
            try
            {
                while (socket.Receive(buffer) > 0)
                {
                }
            }
            catch (SocketException)
            {
                // A reset after the response: the latency is what it is.
            }

            latencies[i] = Stopwatch.GetElapsedTime(start);
        }) { IsBackground = true }).ToArray();
        foreach (var thread in threads)
        {
            thread.Start();
        }

        go.Set();
        foreach (var thread in threads)
        {
            thread.Join();
        }

        Array.Sort(latencies);
        return latencies;
    }
}
