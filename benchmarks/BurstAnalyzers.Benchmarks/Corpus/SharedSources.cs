using System.Collections.Generic;
using System.Linq;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// The corpus files that are not per module: stand-ins for the CoreWCF attributes (the package is not available
/// here; BurstAnalyzers matches the attributes by full name, so source declarations work the same) and the
/// application's composition root, which registers every module and holds startup lambdas that are not handlers.
/// </summary>
internal static class SharedSources
{
    public static CorpusFile CoreWcfStandIns()
    {
        var w = new SourceWriter();
        w.Line("// Stand-ins for CoreWCF.Primitives: same full names as the package's attributes.");
        w.Usings("System");
        w.Line("namespace CoreWCF;");
        w.Line();
        w.Line("[AttributeUsage(AttributeTargets.Class | AttributeTargets.Interface, Inherited = false)]");
        w.Open("public sealed class ServiceContractAttribute : Attribute");
        w.Line("public string? Name { get; set; }");
        w.Line("public string? Namespace { get; set; }");
        w.Close();
        w.Line();
        w.Line("[AttributeUsage(AttributeTargets.Method)]");
        w.Open("public sealed class OperationContractAttribute : Attribute");
        w.Line("public string? Name { get; set; }");
        w.Line("public string? Action { get; set; }");
        w.Line("public bool IsOneWay { get; set; }");
        w.Close();
        return w.ToFile("CoreWCF/ContractAttributes.cs");
    }

    public static CorpusFile CompositionRoot(IReadOnlyList<ModulePlan> modules)
    {
        var w = new SourceWriter();
        var indirect = modules.Any(m => m.Indirect is { IsEmpty: false });
        w.Usings(indirect
            ? new[] { "System", "System.Threading", "Microsoft.AspNetCore.Builder", "Microsoft.AspNetCore.Routing",
                "Microsoft.Extensions.DependencyInjection", "Microsoft.Extensions.DependencyInjection.Extensions", "Microsoft.Extensions.Hosting" }
            : new[] { "System", "System.Threading", "Microsoft.AspNetCore.Builder", "Microsoft.AspNetCore.Routing",
                "Microsoft.Extensions.DependencyInjection", "Microsoft.Extensions.Hosting" });
        w.Line("namespace Contoso.Hosting;");
        w.Line();
        w.Open("public static class Startup");
        w.Open("public static WebApplication Build(string[] args)");
        w.Line("var builder = WebApplication.CreateBuilder(args);");
        w.Line("builder.Services.AddControllers();");
        w.Line("AddModules(builder.Services);");
        w.Line("var app = builder.Build();");
        w.Line("app.MapControllers();");
        w.Line("app.MapGet(\"/\", () => \"Contoso\");");
        w.Line("MapModules(app);");
        w.Line("// Not a handler: runs once at shutdown.");
        w.Line("app.Lifetime.ApplicationStopping.Register(() => Thread.Sleep(100));");
        w.Line("return app;");
        w.Close();
        w.Line();
        w.Open("private static void AddModules(IServiceCollection services)");
        foreach (var module in modules)
        {
            var n = module.Names;
            var ns = "global::" + n.Namespace + ".";
            w.Line($"services.AddScoped<{ns}{n.RepositoryInterface}, {ns}{n.Repository}>();");
            w.Line($"services.AddScoped<{ns}{n.Repository}>();");
            w.Line($"services.AddScoped<{ns}{n.ServiceInterface}, {ns}{n.Service}>();");
            if (module.JobMethods.Count > 0)
            {
                w.Line($"services.AddTransient<{ns}{n.Job}>();");
            }

            // Issue 35: the DI-bound gateway (here, or through the services library's own extension), the queries.
            if (module.Indirect?.Di is { } di)
            {
                w.Line(di.RegisteredInLibrary
                    ? $"{ns}{IndirectWriter.GatewayRegistration(n)}.{IndirectWriter.AddGateways(n)}(services);"
                    : IndirectWriter.RegistrationStatement(n, di, ns));
            }

            if (module.Indirect?.Query is not null)
            {
                w.Line($"services.AddScoped<{ns}{IndirectWriter.Queries(n)}>();");
                w.Line($"services.AddScoped<{ns}{IndirectWriter.Reports(n)}>();");
            }
        }

        if (modules.Any(m => m.Indirect?.Query is not null))
        {
            w.Line($"services.AddDbContext<global::{IndirectWriter.DbContextNamespace}.{IndirectWriter.DbContextName}>();");
        }

        w.Close();
        w.Line();
        w.Open("private static void MapModules(IEndpointRouteBuilder app)");
        foreach (var module in modules)
        {
            if (module.Endpoints.Count > 0)
            {
                var n = module.Names;
                w.Line($"global::{n.Namespace}.{n.Endpoints}.Map{n.Endpoints}(app);");
            }
        }

        w.Close();
        w.Close();
        return w.ToFile("Hosting/Startup.cs");
    }
}
