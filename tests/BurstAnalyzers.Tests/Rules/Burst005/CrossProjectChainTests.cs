using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// Chains that leave the handler's project: a controller calls a service in a class library, which reads a file in
/// another library. In a build, each library is an assembly by then; in an editor, a compilation with source. Both
/// report the same chain at the handler's call, naming the projects it enters, and end it (last additional location)
/// at the blocking call in the library's file.
/// </summary>
public class CrossProjectChainTests
{
    private const string Data = """
        namespace Shop.Data
        {
            public static class OrderFiles
            {
                public static string ReadAll() => System.IO.File.ReadAllText("orders.json");

                public static int Count() => 3;
            }
        }
        """;

    private const string Services = """
        namespace Shop.Services
        {
            public interface IOrderService
            {
                string Orders();

                int Count();
            }

            internal sealed class OrderService : IOrderService
            {
                public string Orders() => Load();

                public int Count() => Shop.Data.OrderFiles.Count();

                private static string Load() => Shop.Data.OrderFiles.ReadAll();
            }

            public static class Prices
            {
                public static decimal Latest()
                {
                    System.Threading.Thread.Sleep(100);
                    return 1m;
                }
            }
        }
        """;

    private const string Web = """
        using Microsoft.AspNetCore.Mvc;
        using Shop.Services;

        public class OrdersController(IOrderService orders) : ControllerBase
        {
            [HttpGet]
            public string Get() => orders.Orders();

            [HttpGet("count")]
            public int Count() => orders.Count();

            [HttpGet("report")]
            public string Report() => new Report(orders).Build();

            [HttpGet("price")]
            public decimal Price() => Prices.Latest();
        }

        public class Report(IOrderService orders)
        {
            public string Build() => "Orders: " + orders.Orders();
        }
        """;

    private static readonly string[] Expected =
    {
        "Web.cs(7,28): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: Get \u2192 [Shop.Services] OrderService.Orders \u2192 OrderService.Load \u2192 [Shop.Data] OrderFiles.ReadAll \u2192 File.ReadAllText [Shop.Data.cs(5,43)]",
        "Web.cs(13,31): BURST005: Request handler 'OrdersController.Report' reaches a blocking call through other methods: Report \u2192 Report.Build \u2192 [Shop.Services] OrderService.Orders \u2192 OrderService.Load \u2192 [Shop.Data] OrderFiles.ReadAll \u2192 File.ReadAllText [Shop.Data.cs(5,43)]",
        "Web.cs(16,31): BURST005: Request handler 'OrdersController.Price' reaches a blocking call through other methods: Price \u2192 [Shop.Services] Prices.Latest \u2192 Thread.Sleep [Shop.Services.cs(23,13)]",
    };

    private static LayeredSolution Shop() => new LayeredSolution().Library("Shop.Data", Data).Library("Shop.Services", Services);

    /// <summary>
    /// A library built without the package carries no chains, and the editor does not follow into its source either:
    /// both stop at the boundary alike. Here Shop.Data lacks it, so only the chain that ends in Shop.Services remains.
    /// </summary>
    [Fact]
    public async Task LibraryWithoutThePackage_ChainsStopThere_InTheBuildAndTheEditorAlike()
    {
        var solution = new LayeredSolution().Library("Shop.Data", Data, withPackage: false).Library("Shop.Services", Services);
        var expected = new[] { Expected[2] };
        Assert.Equal(string.Join("\n", expected), string.Join("\n", LayeredSolution.Describe(await solution.BuildAsync(Web))));
        Assert.Equal(string.Join("\n", expected), string.Join("\n", LayeredSolution.Describe(await solution.EditorAsync(Web))));
    }

    /// <summary>
    /// Handlers that call a project built without the package learn why its chains are missing: BURST903 once per such
    /// project in a build (the whole compilation), naming it. The editor, one document at a time, has no such report.
    /// </summary>
    [Fact]
    public async Task HandlersCallAProjectWithoutThePackage_Burst903OnceInTheBuild()
    {
        var solution = new LayeredSolution().Library("Shop.Data", Data).Library("Shop.Services", Services, withPackage: false);
        Assert.Equal(
            "(1,1): BURST903: Request handlers call into project 'Shop.Services', which does not reference BurstAnalyzers: BURST005 cannot follow their calls into it, so blocking there is not reported; reference the package from every project, in Directory.Build.props []",
            string.Join("\n", LayeredSolution.Describe(await solution.BuildAsync(Web))));
        Assert.Empty(await solution.EditorAsync(Web));
    }

    /// <summary>The carried chain counts against the handler's file's max_call_depth as a whole: Get's chain passes
    /// through three methods, Price's through one.</summary>
    [Fact]
    public async Task CarriedChainsCountAgainstTheCallDepthLimit()
    {
        var options = "[*.cs]\nburst_analyzers.max_call_depth = 2\n";
        Assert.Equal(string.Join("\n", Expected[2]), string.Join("\n", LayeredSolution.Describe(await Shop().BuildAsync(Web, options))));
        Assert.Equal(string.Join("\n", Expected[2]), string.Join("\n", LayeredSolution.Describe(await Shop().EditorAsync(Web, options))));
    }

    [Fact]
    public async Task Build_FollowsTheChainIntoTheReferencedAssemblies()
        => Assert.Equal(string.Join("\n", Expected), string.Join("\n", LayeredSolution.Describe(await Shop().BuildAsync(Web))));

    [Fact]
    public async Task Editor_FollowsTheChainIntoTheReferencedProjectsSource_SameAsTheBuild()
        => Assert.Equal(string.Join("\n", Expected), string.Join("\n", LayeredSolution.Describe(await Shop().EditorAsync(Web))));

    /// <summary>
    /// Several blocking calls behind one call into another project (a logger that writes a file and a console, Tranga's
    /// shape): the build lists the others from the chains file, by path and line; the editor computes them from the
    /// library's source and must give them the same way. A source location in the library's syntax tree among the
    /// diagnostic's locations made Roslyn throw (AD0001, "not part of the compilation being analyzed"), which switched the
    /// rule off for the whole project in the IDE and in dotnet format.
    /// </summary>
    [Fact]
    public async Task OtherBlockingCallsBehindACallIntoAnotherProject_SameInTheEditorAsInTheBuild_AndNoAnalyzerException()
    {
        const string Logging = """
            using System.IO;
            using System.Text;

            namespace Logging;

            public class FileLogger
            {
                private readonly string _path;
                public FileLogger(string path) => _path = path;
                public void Write(string caller, string value) => File.AppendAllText(_path, caller + value);
            }

            public class Logger : TextWriter
            {
                private readonly FileLogger? _file;
                private readonly TextWriter? _stdOut;
                public Logger(string path, TextWriter? stdOut) { _file = new FileLogger(path); _stdOut = stdOut; }
                public override Encoding Encoding => Encoding.UTF8;
                public void WriteLine(string caller, string? value) => Write(caller, value + "\n");
                public void Write(string caller, string? value)
                {
                    if (value is null) return;
                    _file?.Write(caller, value);
                    _stdOut?.Write(value);
                }
            }
            """;
        const string Tranga = """
            using Logging;

            namespace Tranga;

            public class TaskManager
            {
                private readonly Logger _logger;
                public TaskManager(Logger logger) => _logger = logger;
                public void DeleteTask(string id) => _logger.WriteLine("TaskManager", id);
            }
            """;
        const string Api = """
            using Microsoft.AspNetCore.Mvc;
            using Logging;
            using Tranga;

            public class TasksController : ControllerBase
            {
                private readonly Logger _logger;
                private readonly TaskManager _tasks;
                public TasksController(Logger logger, TaskManager tasks) { _logger = logger; _tasks = tasks; }
                public void Log(string id) => _logger.WriteLine("Api", id);
                public void Delete(string id) => _tasks.DeleteTask(id);
            }
            """;
        var expected = new[]
        {
            "Web.cs(10,35): BURST005: Request handler 'TasksController.Log' reaches a blocking call through other methods: Log \u2192 [Logging] Logger.WriteLine \u2192 Logger.Write \u2192 TextWriter.Write (and 1 more blocking call behind the same call) [Logging.cs(24,17)]",
            "Web.cs(11,38): BURST005: Request handler 'TasksController.Delete' reaches a blocking call through other methods: Delete \u2192 [Tranga] TaskManager.DeleteTask \u2192 [Logging] Logger.WriteLine \u2192 Logger.Write \u2192 TextWriter.Write (and 1 more blocking call behind the same call) [Logging.cs(24,17)]",
        };

        Assert.Equal(expected, LayeredSolution.Describe(await new LayeredSolution().Library("Logging", Logging).Library("Tranga", Tranga).BuildAsync(Api)));
        Assert.Equal(expected, LayeredSolution.Describe(await new LayeredSolution().Library("Logging", Logging).Library("Tranga", Tranga).EditorAsync(Api)));
    }
}
