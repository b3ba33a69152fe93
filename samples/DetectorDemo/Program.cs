using System.Diagnostics;
using System.Net.Sockets;
using System.Text;
using System.Text.Json;
using BurstAnalyzers.Diagnostics;
using BurstAnalyzers.Offload;
using Vendor.Rates;

// One process, two bursts of 40 simultaneous requests against a thread pool at its defaults: the same vendor call
// offloaded first (so the pool is not grown for the second burst), then on the pool as written. The detector's log
// entries are printed as they come.
const int Requests = 40;

var builder = WebApplication.CreateSlimBuilder(args);
builder.WebHost.UseUrls("http://127.0.0.1:0");
builder.Logging.ClearProviders();
builder.Logging.AddSimpleConsole(o => o.SingleLine = false);
builder.Logging.AddFilter((category, level) => category?.StartsWith("BurstAnalyzers", StringComparison.Ordinal) == true && level >= LogLevel.Information);
builder.Services.AddBurstOffload();
builder.Services.AddBurstBlockingDetector();

var app = builder.Build();

// The analyzer reports nothing here: GetRate is a synchronous method of a compiled library, and nothing in its
// signature says that it waits on a task inside.
app.MapGet("/vendor/rates/{currency}", (string currency) => RateClient.GetRate(currency));

// The same call, marked: it runs on a dedicated thread instead of a pool thread.
app.MapGet("/vendor/rates-offloaded/{currency}", (string currency) => RateClient.GetRate(currency)).OffloadBlocking();

// What the analyzer said about this project when it was built (the compiler's SARIF log, copied beside the program).
Console.WriteLine(AnalyzerVerdict(Path.Combine(AppContext.BaseDirectory, "build-diagnostics.sarif")));
Console.WriteLine();

await app.StartAsync();
var address = new Uri(app.Urls.Single());

var offloaded = Burst(new Uri(address, "/vendor/rates-offloaded/EUR"), Requests);
var blocking = Burst(new Uri(address, "/vendor/rates/EUR"), Requests);

// Let the detector's window and episode close, so the end of the story is in the log too.
await Task.Delay(TimeSpan.FromSeconds(6));
Console.WriteLine();
Console.WriteLine($"{Requests} simultaneous requests, each waiting 1 s inside Vendor.Rates.RateClient.GetRate:");
Console.WriteLine("| Endpoint | Median | Slowest |");
Console.WriteLine("|---|---:|---:|");
Console.WriteLine(Row("/vendor/rates-offloaded (OffloadBlocking)", offloaded));
Console.WriteLine(Row("/vendor/rates (as written)", blocking));
await app.StopAsync();

static string AnalyzerVerdict(string sarifPath)
{
    if (!File.Exists(sarifPath))
    {
        return $"Analyzer: no build log at {sarifPath} (build the project to see what the analyzer reported).";
    }

    using var log = JsonDocument.Parse(File.ReadAllText(sarifPath));
    var burst = log.RootElement.GetProperty("runs").EnumerateArray()
        .SelectMany(run => run.TryGetProperty("results", out var results) ? results.EnumerateArray() : Enumerable.Empty<JsonElement>())
        .Count(result => result.GetProperty("ruleId").GetString()?.StartsWith("BURST", StringComparison.Ordinal) == true);
    return $"Analyzer (the BurstAnalyzers package, run by this project's build): {burst} BURST diagnostics. "
        + "GetRate is a synchronous method of a compiled library; nothing in its signature says that it waits on a task.";
}

static string Row(string name, TimeSpan[] latencies) =>
    $"| {name} | {latencies[latencies.Length / 2].TotalSeconds:0.00} s | {latencies[^1].TotalSeconds:0.00} s |";

// Each request from a dedicated thread over a socket of its own: the client uses none of the server's pool threads.
static TimeSpan[] Burst(Uri uri, int count)
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
