using Shapes.Data;
using Shapes.Services;

namespace Shapes.Web.Endpoints;

/// <summary>Endpoints mapped by method group in an extension method: the layout of issue 33.</summary>
public static class ReportEndpoints
{
    public static IEndpointRouteBuilder MapReportEndpoints(this IEndpointRouteBuilder app)
    {
        var reports = app.MapGroup("/reports");
        reports.MapGet("/{id:int}", ReportForId);
        reports.MapPost("/convert", Convert);
        reports.MapGet("/count", Count);
        return app;
    }

    private static IResult ReportForId(int id, ReportService reports) => Results.Ok(reports.Summary(id)); // BURST005

    private static IResult Convert(decimal amount) => Results.Ok(Pricing.Convert(new SlowRateSource(), amount, "EUR")); // BURST005

    private static IResult Count() => Results.Ok(Pricing.Cached());
}
