using Shapes.Data;
using Shapes.Services;

namespace Shapes.Host;

public sealed class Startup
{
    public void ConfigureServices(IServiceCollection services)
    {
        services.AddRouting();
        services.AddSingleton(ReportStores.Files());
        services.AddSingleton<ReportService>();
    }

    public void Configure(IApplicationBuilder app)
    {
        app.UseRouting();
        app.UseEndpoints(endpoints =>
        {
            endpoints.MapGet("/summary/{id:int}", (int id, ReportService reports) => reports.Summary(id)); // BURST005
            endpoints.MapGet("/quote/{symbol}", QuoteHandlers.Latest);
        });
    }
}

public static class QuoteHandlers
{
    public static string Latest(string symbol) => Pricing.Quote(symbol); // BURST005
}
