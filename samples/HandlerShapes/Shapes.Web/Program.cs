using Shapes.Data;
using Shapes.Services;
using Shapes.Web;
using Shapes.Web.Endpoints;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddControllers().AddApplicationPart(typeof(Shapes.Api.Controllers.ReportsController).Assembly);
builder.Services.AddRazorPages();
builder.Services.AddSignalR();
builder.Services.AddSingleton(ReportStores.Files());
builder.Services.AddSingleton<ReportService>();
builder.Services.AddScoped(_ => new Greeting(File.ReadAllText("greeting.txt"))); // BURST007
builder.Services.AddScoped(_ => new Greeting(Pricing.Quote("GREET"))); // BURST007
builder.Services.AddHostedService<NightlyReports>();

// Start-up code runs once, before any request: never reported.
var banner = File.Exists("banner.txt") ? File.ReadAllText("banner.txt") : "shapes";

var app = builder.Build();
app.UseMiddleware<AuditMiddleware>();
app.MapControllers();
app.MapRazorPages();
app.MapHub<ReportsHub>("/hub");
app.MapReportEndpoints();

app.MapGet("/", () => banner);
app.MapGet("/sleep", () =>
{
    Thread.Sleep(10); // BURST001
    return "slept";
});
app.MapGet("/quote/{symbol}", (string symbol) => Pricing.Quote(symbol)); // BURST005
app.MapGet("/wait", () => Task.Delay(10).Wait()); // BURST002
app.MapGet("/summary/{id}", Summary);
app.MapGet("/local/{id}", LocalSummary);
app.Use(async (context, next) =>
{
    if (context.Request.Path == "/inline")
    {
        Gate.Value.Wait(); // BURST004
        Gate.Value.Release();
    }

    await next(context);
});

app.Run();

// A local function registered by method group: a handler, wherever the registration is.
static string Summary(int id, ReportService reports) => reports.Summary(id); // BURST005

static string LocalSummary(int id)
{
    return Describe();

    string Describe() => "local " + File.ReadAllText($"local-{id}.txt"); // BURST003
}

internal static class Gate
{
    public static readonly SemaphoreSlim Value = new(1);
}
