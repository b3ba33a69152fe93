using BurstAnalyzers.Diagnostics;
using BurstAnalyzers.Offload;
using Vendor.Rates;

// One process, two bursts of 40 simultaneous requests against a thread pool at its defaults: the same vendor call
// offloaded first (so the pool is not grown for the second burst), then on the pool as written. The detector's log
// entries are printed as they come. With the argument "attach", the vendor call is one that waits on a monitor (no
// task: the detector names the endpoint, not the call) and burst-attach, attached to this process, names it
// (AttachScenario.cs).
const int Requests = 40;

var builder = WebApplication.CreateSlimBuilder(args);
builder.WebHost.UseUrls("http://127.0.0.1:0");
builder.Logging.ClearProviders();
builder.Logging.AddSimpleConsole(o => o.SingleLine = false);
builder.Logging.AddFilter((category, level) => category?.StartsWith("BurstAnalyzers", StringComparison.Ordinal) == true && level >= LogLevel.Information);
builder.Services.AddBurstOffload();
builder.Services.AddBurstBlockingDetector();

var app = builder.Build();

// BURST006 at build time: GetRate is a synchronous method of a compiled library whose signature says nothing, but the
// build's scan of Vendor.Rates's IL sees it wait on a task inside (docs/library-facts.md). The detector names the same
// call at run time.
app.MapGet("/vendor/rates/{currency}", (string currency) => RateClient.GetRate(currency));

// The same call, marked: it runs on a dedicated thread instead of a pool thread.
app.MapGet("/vendor/rates-offloaded/{currency}", (string currency) => RateClient.GetRate(currency)).OffloadBlocking();

// The "attach" scenario's vendor call: it waits on a monitor inside the library (BURST006 from the scan too). At run
// time only burst-attach can name a monitor wait; the .editorconfig line it prints is what a build without the scan
// (or a wait no scan can see: native code, reflection) needs.
app.MapGet("/vendor/feed/{currency}", (string currency) => RateFeed.Latest(currency));
app.MapGet("/vendor/feed-offloaded/{currency}", (string currency) => RateFeed.Latest(currency)).OffloadBlocking();

// What the analyzer said about this project when it was built (the compiler's SARIF log, copied beside the program).
Console.WriteLine(Demo.AnalyzerVerdict(Path.Combine(AppContext.BaseDirectory, "build-diagnostics.sarif")));
Console.WriteLine();

await app.StartAsync();
var address = new Uri(app.Urls.Single());
if (args is ["attach", ..])
{
    var succeeded = await AttachScenario.RunAsync(address, Requests);
    await app.StopAsync();
    return succeeded ? 0 : 1;
}

var offloaded = Demo.Burst(new Uri(address, "/vendor/rates-offloaded/EUR"), Requests);
var blocking = Demo.Burst(new Uri(address, "/vendor/rates/EUR"), Requests);

// Let the detector's window and episode close, so the end of the story is in the log too.
await Task.Delay(TimeSpan.FromSeconds(6));
Console.WriteLine();
Console.WriteLine($"{Requests} simultaneous requests, each waiting 1 s inside Vendor.Rates.RateClient.GetRate:");
Console.WriteLine("| Endpoint | Median | Slowest |");
Console.WriteLine("|---|---:|---:|");
Console.WriteLine(Demo.Row("/vendor/rates-offloaded (OffloadBlocking)", offloaded));
Console.WriteLine(Demo.Row("/vendor/rates (as written)", blocking));
await app.StopAsync();
return 0;
