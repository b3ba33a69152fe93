using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// Minimal API handlers registered by method group (issue 33): in an endpoint class that maps them in an extension
/// method, and in Program.cs's top-level statements, each calling into a referenced project and into a helper of its
/// own. A build judges a method group's calls at the end of the compilation like any handler's, and follows those
/// into other projects through their chains; an editor judges them at once, into the projects' source. Both report
/// the same chains, with the compilation options the command-line compiler gives (its reference resolver cannot be
/// hashed: hashing the options crashed the build with AD0001).
/// </summary>
public class MethodGroupChainTests
{
    private const string Services = """
        namespace Shop.Services
        {
            public interface IRevenueReport
            {
                decimal ForYear(int year);
            }

            internal sealed class RevenueReport : IRevenueReport
            {
                public decimal ForYear(int year) => decimal.Parse(System.IO.File.ReadAllText("revenue-" + year));
            }

            public static class Reports
            {
                public static IRevenueReport Create() => new RevenueReport();

                public static decimal Projected(decimal rate)
                {
                    System.Threading.Thread.Sleep(100);
                    return rate;
                }
            }
        }
        """;

    private const string Endpoints = """
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Http;
        using Microsoft.AspNetCore.Routing;
        using Shop.Services;

        public record ProjectionRequest(decimal Rate);

        public static class ReportEndpoints
        {
            public static IEndpointRouteBuilder MapReportEndpoints(this IEndpointRouteBuilder app)
            {
                var reports = app.MapGroup("/reports");
                reports.MapGet("/revenue/{year:int}", RevenueForYear);
                reports.MapPost("/revenue/projection", ProjectRevenue);
                reports.MapGet("/revenue/local", LocalRevenue);
                return app;
            }

            private static IResult RevenueForYear(int year, IRevenueReport report) => Results.Ok(report.ForYear(year));

            private static IResult ProjectRevenue(ProjectionRequest request) => Results.Ok(Project(request));

            private static IResult LocalRevenue() => Results.Ok(Local());

            private static decimal Project(ProjectionRequest request) => Reports.Projected(request.Rate);

            private static decimal Local()
            {
                System.Threading.Thread.Sleep(10);
                return 1m;
            }
        }
        """;

    private const string Program = """
        using Microsoft.AspNetCore.Builder;
        using Shop.Services;

        var app = WebApplication.CreateBuilder(args).Build();
        app.MapReportEndpoints();
        app.MapGet("/simple", Simple);
        app.Run();

        static decimal Simple(IRevenueReport report) => report.ForYear(2024);
        """;

    private static readonly string[] Expected =
    {
        "Endpoints.cs(19,90): BURST005: Request handler 'MapGet(\"/revenue/{year:int}\")' reaches a blocking call through other methods: RevenueForYear \u2192 [Shop.Services] RevenueReport.ForYear \u2192 File.ReadAllText [Shop.Services.cs(10,59)]",
        "Endpoints.cs(21,84): BURST005: Request handler 'MapPost(\"/revenue/projection\")' reaches a blocking call through other methods: ProjectRevenue \u2192 ReportEndpoints.Project \u2192 [Shop.Services] Reports.Projected \u2192 Thread.Sleep [Shop.Services.cs(19,13)]",
        "Endpoints.cs(23,57): BURST005: Request handler 'MapGet(\"/revenue/local\")' reaches a blocking call through other methods: LocalRevenue \u2192 ReportEndpoints.Local \u2192 Thread.Sleep [Endpoints.cs(29,9)]",
        "Program.cs(9,49): BURST005: Request handler 'MapGet(\"/simple\")' reaches a blocking call through other methods: Simple \u2192 [Shop.Services] RevenueReport.ForYear \u2192 File.ReadAllText [Shop.Services.cs(10,59)]",
    };

    private static readonly (string Path, string Code)[] Web = { ("Endpoints.cs", Endpoints), ("Program.cs", Program) };

    private static LayeredSolution Shop() => new LayeredSolution().Library("Shop.Services", Services);

    [Fact]
    public async Task Build_ReportsEachMethodGroupsChains_IntoTheReferencedProjectAndItsOwnHelpers()
        => Assert.Equal(
            string.Join("\n", Expected),
            string.Join("\n", LayeredSolution.Describe(await Shop().BuildAsync(Web, OutputKind.ConsoleApplication))));

    [Fact]
    public async Task Editor_ReportsTheSameChains()
        => Assert.Equal(
            string.Join("\n", Expected),
            string.Join("\n", LayeredSolution.Describe(await Shop().EditorAsync(Web, OutputKind.ConsoleApplication))));
}
