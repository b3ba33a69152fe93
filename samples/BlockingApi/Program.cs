using BlockingApi.Diagnostics;
using BlockingApi.Services;
using BlockingApi.Startup;

// The old workaround the original reports used: raise the thread pool's minimum so it starts threads without delay.
if (int.TryParse(Environment.GetEnvironmentVariable("BURST_MIN_THREADS"), out var minThreads))
{
    ThreadPool.GetMinThreads(out _, out var completionPorts);
    ThreadPool.SetMinThreads(minThreads, Math.Max(minThreads, completionPorts));
}

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.Services.AddControllers();
builder.Services.AddSingleton<PriceFeed>();
builder.Services.AddSingleton<QuoteService>();
builder.Services.AddHttpClient("self", (services, client) =>
    client.BaseAddress = new Uri(services.GetRequiredService<IConfiguration>()["SelfUrl"] ?? "http://127.0.0.1:5080"));

var app = builder.Build();
CacheWarmup.Run();
app.MapControllers();

// A fast async endpoint: under starvation even this waits for a thread.
app.MapGet("/ping", () => "pong");

// The slow back end that /io and /asyncio call.
app.MapGet("/slow", async (int ms) =>
{
    if (!SleepLimit.Allows(ms))
    {
        return Results.BadRequest(SleepLimit.Message);
    }

    await Task.Delay(ms);
    return Results.Text("slow");
});

// A minimal API with the same mistake as the controllers. It serves the notes shipped in the app's notes/ folder and
// nothing else: Path.GetFileName keeps only the name's last segment, so a path in the query string ("../../etc/passwd",
// "/etc/passwd") never reaches the file system. A note that is not there is a 404, not a 500.
var notes = Path.Combine(AppContext.BaseDirectory, "notes");
app.MapGet("/legacy", (string name) =>
{
    var file = Path.GetFileName(name);
    try
    {
        return file.Length == 0 ? Results.NotFound() : Results.Text(File.ReadAllText(Path.Combine(notes, file))); // BURST003
    }
    catch (FileNotFoundException)
    {
        return Results.NotFound();
    }
});

if (Environment.GetEnvironmentVariable("BURST_SAMPLE_THREADS") == "1")
{
    ThreadPoolSampler.Start();
}

app.Run();
