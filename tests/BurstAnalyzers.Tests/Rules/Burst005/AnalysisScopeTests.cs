using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Rules;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// A build analyses the whole compilation (calls wait for the end, callees' facts come from the driver); an IDE
/// analyses one document at a time (callees are bound on demand). Both must report the same diagnostics.
/// </summary>
public class AnalysisScopeTests
{
    private static readonly (string FileName, string Code)[] Files =
    {
        ("Controllers.cs", """
            using Microsoft.AspNetCore.Builder;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.AspNetCore.Routing;

            public class QuotesController : ControllerBase
            {
                private readonly IQuoteService _service = new QuoteService();

                public decimal GetQuote(string symbol) => _service.Quote(symbol);
                public decimal Cached(string symbol) => _service.Cached(symbol);
                public object Create() => new PriceRepository();
                public int Count() => _service.Count;
            }

            public static class Endpoints
            {
                public static void Map(IEndpointRouteBuilder app, IQuoteService service)
                {
                    app.MapGet("/quote/{symbol}", (string symbol) => service.Quote(symbol));
                    app.MapGet("/local", () => Local());

                    int Local() => service.Count;
                }
            }
            """),
        ("Services.cs", """
            using System.Threading;

            public interface IQuoteService
            {
                decimal Quote(string symbol);
                decimal Cached(string symbol);
                int Count { get; }
            }

            public class QuoteService : IQuoteService
            {
                private readonly PriceRepository _repository = new();

                public decimal Quote(string symbol) => Round(_repository.Price(symbol));
                public decimal Cached(string symbol) => 1m;
                public int Count => Counter.Next();

                private static decimal Round(decimal value) => decimal.Round(value, 2);
            }

            public static class Counter
            {
                public static int Next() { return Wait(); int Wait() { Thread.Sleep(1); return 1; } }
            }
            """),
        ("Data.cs", """
            using System.IO;
            using System.Net.Http;

            public class PriceRepository
            {
                private static readonly HttpClient Client = new();
                private readonly string _config = File.ReadAllText("prices.json");

                public decimal Price(string symbol) => decimal.Parse(Client.GetStringAsync("https://prices/" + symbol).Result);
            }
            """),
    };

    /// <summary>
    /// Calls through interfaces and virtual methods, where a build indexes every implementation of the compilation and
    /// an editor looks up only the types that may derive from the called method's type, by the names in base lists:
    /// through an alias, a qualified and a global:: name, a generic base, a base class's method implementing the
    /// interface for a derived class, an explicit implementation, an override two levels down whose base list is in
    /// another part of a partial class, and a namesake type (another Job) whose override must not count.
    /// </summary>
    private static readonly (string FileName, string Code)[] Hierarchies =
    {
        ("A_Other.cs", """
            using System.Threading;

            namespace Shop.Other
            {
                public abstract class Job { public abstract int Run(); }
                public class OtherJob : Job { public override int Run() { Thread.Sleep(2); return 2; } }
            }
            """),
        ("Contracts.cs", """
            namespace Shop.Data
            {
                public interface IStore { int Load(); }
                public interface IRepository<T> { T Get(T id); }
                public interface IAudit { int Write(); }
                public abstract class Job { public abstract int Run(); }
            }
            """),
        ("ShopController.cs", """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Data;

            namespace Shop.Web
            {
                public class ShopController : ControllerBase
                {
                    private readonly IStore _store;
                    private readonly IRepository<int> _repository;
                    private readonly Job _job;
                    private readonly IAudit _audit;

                    public ShopController(IStore store, IRepository<int> repository, Job job, IAudit audit)
                    {
                        _store = store;
                        _repository = repository;
                        _job = job;
                        _audit = audit;
                    }

                    public int Load() => _store.Load();
                    public int Get() => _repository.Get(1);
                    public int Run() => _job.Run();
                    public int Write() => _audit.Write();
                }
            }
            """),
        ("Implementations.cs", """
            using System.Threading;
            using Store = Shop.Data.IStore;

            namespace Shop.Impl
            {
                public class AliasedStore : Store { int Shop.Data.IStore.Load() { Thread.Sleep(1); return 1; } }
                public abstract class RepositoryBase<T> : Shop.Data.IRepository<T> { public virtual T Get(T id) { Thread.Sleep(1); return id; } }
                public sealed class IntRepository : RepositoryBase<int> { }
                public class MidJob : Shop.Data.Job { public override int Run() => 0; }
                public partial class NightlyJob { public override int Run() { Thread.Sleep(1); return 1; } }
                public class AuditBase { public int Write() { Thread.Sleep(1); return 1; } }
                public class FileAudit : AuditBase, Shop.Data.IAudit { }
                public class Outer { public class NestedStore : global::Shop.Data.IStore { public int Load() => 0; } }
            }
            """),
        ("NightlyJob.cs", """
            namespace Shop.Impl
            {
                public partial class NightlyJob : MidJob { }
            }
            """),
    };

    /// <summary>
    /// The editor finds implementations by the names in base lists, kept to base lists that can reach the called
    /// interface's namespace. Every interface here has a namesake in another namespace, implemented by a type of the
    /// same name that blocks; each real implementation is reached in one way a simple name reaches a namespace: the
    /// same namespace, a namespace inside it, a file's using, a using inside a namespace declaration, a using relative
    /// to the enclosing namespace, a global using in another file (of its own namespace, so that it opens no other way),
    /// a using that starts with a file's alias; and a <c>file</c> class whose namesake elsewhere holds the written
    /// metadata name.
    /// </summary>
    private static readonly (string FileName, string Code)[] Namespaces =
    {
        ("Contracts.cs", """
            namespace Shop.Data
            {
                public interface ISame { int Go(); }
                public interface IInner { int Go(); }
                public interface IFileUsing { int Go(); }
                public interface INamespaceUsing { int Go(); }
                public interface IRelativeUsing { int Go(); }
                public interface IAliasedUsing { int Go(); }
                public interface IFileLocal { int Go(); }
            }

            namespace Shop.Data.Globals
            {
                public interface IGlobalUsing { int Go(); }
            }

            namespace Shop.Other
            {
                public interface ISame { int Go(); }
                public interface IInner { int Go(); }
                public interface IFileUsing { int Go(); }
                public interface INamespaceUsing { int Go(); }
                public interface IRelativeUsing { int Go(); }
                public interface IGlobalUsing { int Go(); }
                public interface IAliasedUsing { int Go(); }
                public interface IFileLocal { int Go(); }
            }
            """),
        ("Decoys.cs", """
            using System.Threading;

            namespace Shop.Other
            {
                public class Same : ISame { public int Go() { Thread.Sleep(9); return 9; } }
                public class Inner : IInner { public int Go() { Thread.Sleep(9); return 9; } }
                public class FileUsing : IFileUsing { public int Go() { Thread.Sleep(9); return 9; } }
                public class NamespaceUsing : INamespaceUsing { public int Go() { Thread.Sleep(9); return 9; } }
                public class RelativeUsing : IRelativeUsing { public int Go() { Thread.Sleep(9); return 9; } }
                public class GlobalUsing : IGlobalUsing { public int Go() { Thread.Sleep(9); return 9; } }
                public class AliasedUsing : IAliasedUsing { public int Go() { Thread.Sleep(9); return 9; } }
                public class FileStore : IFileLocal { public int Go() { Thread.Sleep(9); return 9; } }
            }
            """),
        ("GlobalUsings.cs", "global using Shop.Data.Globals;"),
        ("Implementations.cs", """
            using System.Threading;
            using Shop.Data;

            namespace Shop.Data
            {
                public class Same : ISame { public int Go() { Thread.Sleep(1); return 1; } }
            }

            namespace Shop.Data.Sql
            {
                public class Inner : IInner { public int Go() { Thread.Sleep(2); return 2; } }
            }

            namespace Shop.Impl
            {
                public class FileUsing : IFileUsing { public int Go() { Thread.Sleep(3); return 3; } }
            }
            """),
        ("MoreImplementations.cs", """
            namespace Shop.Impl
            {
                using System.Threading;
                using Shop.Data;

                public class NamespaceUsing : INamespaceUsing { public int Go() { Thread.Sleep(4); return 4; } }
            }

            namespace Shop
            {
                using System.Threading;
                using Data;

                public class RelativeUsing : IRelativeUsing { public int Go() { Thread.Sleep(5); return 5; } }
            }

            namespace Shop.Global
            {
                public class GlobalUsing : IGlobalUsing { public int Go() { System.Threading.Thread.Sleep(6); return 6; } }
            }
            """),
        ("AliasedUsing.cs", """
            using D = Shop;

            namespace Shop.Aliased
            {
                using D.Data;

                public class AliasedUsing : IAliasedUsing { public int Go() { System.Threading.Thread.Sleep(7); return 7; } }
            }
            """),
        ("FileLocal.cs", """
            namespace Shop.Data
            {
                file class FileStore : IFileLocal { public int Go() { System.Threading.Thread.Sleep(8); return 8; } }
            }
            """),
        ("FileStoreNamesake.cs", """
            namespace Shop.Data
            {
                public class FileStore { }
            }
            """),
        ("ShopController.cs", """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Data;

            namespace Shop.Web
            {
                public class ShopController : ControllerBase
                {
                    public int Same(ISame x) => x.Go();
                    public int Inner(IInner x) => x.Go();
                    public int FileUsing(IFileUsing x) => x.Go();
                    public int NamespaceUsing(INamespaceUsing x) => x.Go();
                    public int RelativeUsing(IRelativeUsing x) => x.Go();
                    public int GlobalUsing(IGlobalUsing x) => x.Go();
                    public int AliasedUsing(IAliasedUsing x) => x.Go();
                    public int FileLocal(IFileLocal x) => x.Go();
                }
            }
            """),
    };

    [Fact]
    public async Task DocumentByDocumentAndWholeCompilationReportTheSame()
    {
        var (whole, byDocument) = await AnalyseBothWaysAsync(Files);

        Assert.Equal(5, whole.Length);
        Assert.Equal(Describe(whole), Describe(byDocument));
    }

    [Fact]
    public async Task ImplementationsFoundByNameInTheEditorAreThoseOfTheWholeCompilation()
    {
        var (whole, byDocument) = await AnalyseBothWaysAsync(Hierarchies);

        Assert.Equal(
            new[]
            {
                "/TestProject/ShopController.cs(21,30): BURST005 on '_store.Load()': Request handler 'ShopController.Load' reaches a blocking call through other methods: Load → AliasedStore.Load → Thread.Sleep @ /TestProject/Implementations.cs: (5,70)-(5,85)",
                "/TestProject/ShopController.cs(22,29): BURST005 on '_repository.Get(1)': Request handler 'ShopController.Get' reaches a blocking call through other methods: Get → RepositoryBase.Get → Thread.Sleep @ /TestProject/Implementations.cs: (6,102)-(6,117)",
                "/TestProject/ShopController.cs(23,29): BURST005 on '_job.Run()': Request handler 'ShopController.Run' reaches a blocking call through other methods: Run → NightlyJob.Run → Thread.Sleep @ /TestProject/Implementations.cs: (9,66)-(9,81)",
                "/TestProject/ShopController.cs(24,31): BURST005 on '_audit.Write()': Request handler 'ShopController.Write' reaches a blocking call through other methods: Write → AuditBase.Write → Thread.Sleep @ /TestProject/Implementations.cs: (10,50)-(10,65)",
            },
            Describe(whole));
        Assert.Equal(Describe(whole), Describe(byDocument));
    }

    [Fact]
    public async Task ImplementationsAreFoundThroughEveryWayABaseListReachesTheirNamespace()
    {
        var (whole, byDocument) = await AnalyseBothWaysAsync(Namespaces);

        Assert.Equal(
            new[]
            {
                "/TestProject/ShopController.cs(10,47): BURST005 on 'x.Go()': Request handler 'ShopController.FileUsing' reaches a blocking call through other methods: FileUsing → FileUsing.Go → Thread.Sleep @ /TestProject/Implementations.cs: (15,60)-(15,75)",
                "/TestProject/ShopController.cs(11,57): BURST005 on 'x.Go()': Request handler 'ShopController.NamespaceUsing' reaches a blocking call through other methods: NamespaceUsing → NamespaceUsing.Go → Thread.Sleep @ /TestProject/MoreImplementations.cs: (5,70)-(5,85)",
                "/TestProject/ShopController.cs(12,55): BURST005 on 'x.Go()': Request handler 'ShopController.RelativeUsing' reaches a blocking call through other methods: RelativeUsing → RelativeUsing.Go → Thread.Sleep @ /TestProject/MoreImplementations.cs: (13,68)-(13,83)",
                "/TestProject/ShopController.cs(13,51): BURST005 on 'x.Go()': Request handler 'ShopController.GlobalUsing' reaches a blocking call through other methods: GlobalUsing → GlobalUsing.Go → Thread.Sleep @ /TestProject/MoreImplementations.cs: (18,64)-(18,96)",
                "/TestProject/ShopController.cs(14,53): BURST005 on 'x.Go()': Request handler 'ShopController.AliasedUsing' reaches a blocking call through other methods: AliasedUsing → AliasedUsing.Go → Thread.Sleep @ /TestProject/AliasedUsing.cs: (6,66)-(6,98)",
                "/TestProject/ShopController.cs(15,47): BURST005 on 'x.Go()': Request handler 'ShopController.FileLocal' reaches a blocking call through other methods: FileLocal → FileStore.Go → Thread.Sleep @ /TestProject/FileLocal.cs: (2,58)-(2,90)",
                "/TestProject/ShopController.cs(8,37): BURST005 on 'x.Go()': Request handler 'ShopController.Same' reaches a blocking call through other methods: Same → Same.Go → Thread.Sleep @ /TestProject/Implementations.cs: (5,50)-(5,65)",
                "/TestProject/ShopController.cs(9,39): BURST005 on 'x.Go()': Request handler 'ShopController.Inner' reaches a blocking call through other methods: Inner → Inner.Go → Thread.Sleep @ /TestProject/Implementations.cs: (10,52)-(10,67)",
            },
            Describe(whole));
        Assert.Equal(Describe(whole), Describe(byDocument));
    }

    /// <summary>
    /// An editor keeps the facts of methods bound on demand for the next compilation. A declaration added in another
    /// file (a better overload) changes what an unchanged body calls: the facts kept from before must not be used.
    /// </summary>
    [Fact]
    public async Task FactsKeptForTheNextCompilationAreDroppedWhenADeclarationElsewhereChanges()
    {
        var files = new[]
        {
            ("Controller.cs", """
                using Microsoft.AspNetCore.Mvc;

                public class StockController : ControllerBase
                {
                    public int Count() => new StockService().Count();
                }
                """),
            ("StockService.cs", """
                public class StockService
                {
                    public int Count() => Store.Load(1);
                }
                """),
            ("Store.cs", """
                using System.Threading;

                public static class Store
                {
                    public static int Load(long id) { Thread.Sleep(1); return 1; }
                }
                """),
        };
        var project = TestWorkspace.CreateSolution(files, null, ReferenceSets.Default).Projects.Single();
        await TestWorkspace.AssertCompilesAsync(project, "in the test source");
        var before = (await project.GetCompilationAsync())!;
        var controller = before.SyntaxTrees.Single(t => t.FilePath.EndsWith("Controller.cs", System.StringComparison.Ordinal));
        var store = before.SyntaxTrees.Single(t => t.FilePath.EndsWith("Store.cs", System.StringComparison.Ordinal));

        Assert.Equal(
            new[] { "/TestProject/Controller.cs(5,27): BURST005 on 'new StockService().Count()': Request handler 'StockController.Count' reaches a blocking call through other methods: Count → StockService.Count → Store.Load → Thread.Sleep @ /TestProject/StockService.cs: (2,26)-(2,39), /TestProject/Store.cs: (4,38)-(4,53)" },
            Describe(await AnalyseDocumentAsync(before, controller, project.AnalyzerOptions)));

        // Store.Load(int) is a better match for Load(1): StockService.Count, not edited, now calls a method that does not block.
        var after = before.ReplaceSyntaxTree(store, store.WithChangedText(SourceText.From(store.GetText().ToString().Replace(
            "    public static int Load(long id) { Thread.Sleep(1); return 1; }",
            "    public static int Load(long id) { Thread.Sleep(1); return 1; }\n    public static int Load(int id) => id;",
            System.StringComparison.Ordinal))));
        Assert.Empty(after.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));

        Assert.Empty(await AnalyseDocumentAsync(after, controller, project.AnalyzerOptions));
        Assert.Empty(await after.WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new CallChainAnalyzer()), project.AnalyzerOptions).GetAnalyzerDiagnosticsAsync());
    }

    /// <summary>
    /// What is merged from the declarations of all trees (base-list names, the stamp of kept facts) is shared by the
    /// compilations that declare the same. A keystroke that adds a declaration elsewhere must be seen on the next
    /// request, and one that only changes a body must still be bound afresh.
    /// </summary>
    [Fact]
    public async Task AnEditElsewhereIsSeenByTheNextRequestWhetherItDeclaresOrNot()
    {
        var files = new[]
        {
            ("Controller.cs", """
                using Microsoft.AspNetCore.Mvc;

                public class StockController : ControllerBase
                {
                    private readonly IStock _stock;
                    public StockController(IStock stock) => _stock = stock;
                    public int Count() => _stock.Count();
                }
                """),
            ("Stock.cs", """
                public interface IStock { int Count(); }
                public class MemoryStock : IStock { public int Count() => 1; }
                """),
        };
        var project = TestWorkspace.CreateSolution(files, null, ReferenceSets.Default).Projects.Single();
        await TestWorkspace.AssertCompilesAsync(project, "in the test source");
        var first = (await project.GetCompilationAsync())!;
        var controller = first.SyntaxTrees.Single(t => t.FilePath.EndsWith("Controller.cs", System.StringComparison.Ordinal));
        var stock = first.SyntaxTrees.Single(t => t.FilePath.EndsWith("Stock.cs", System.StringComparison.Ordinal) && t != controller);
        Assert.Empty(await AnalyseDocumentAsync(first, controller, project.AnalyzerOptions));

        // A body edit: the same declarations, so the same merged names and stamp; the edited body is bound again.
        var bodyEdited = Edit(first, stock, "public int Count() => 1;", "public int Count() { System.Threading.Thread.Sleep(1); return 1; }");
        Assert.Equal(
            new[] { "/TestProject/Controller.cs(7,27): BURST005 on '_stock.Count()': Request handler 'StockController.Count' reaches a blocking call through other methods: Count → MemoryStock.Count → Thread.Sleep @ /TestProject/Stock.cs: (1,57)-(1,89)" },
            Describe(await AnalyseDocumentAsync(bodyEdited, controller, project.AnalyzerOptions)));

        // A new implementation in the other file: a new declaration, found by the next request.
        var declared = Edit(first, stock, "public class MemoryStock", "public class FileStock : IStock { public int Count() => System.IO.File.ReadAllText(\"n\").Length; }\npublic class MemoryStock");
        Assert.Equal(
            new[] { "/TestProject/Controller.cs(7,27): BURST005 on '_stock.Count()': Request handler 'StockController.Count' reaches a blocking call through other methods: Count → FileStock.Count → File.ReadAllText @ /TestProject/Stock.cs: (1,56)-(1,87)" },
            Describe(await AnalyseDocumentAsync(declared, controller, project.AnalyzerOptions)));
        Assert.Empty(await AnalyseDocumentAsync(first, controller, project.AnalyzerOptions));
    }

    /// <summary>
    /// What all trees register with dependency injection is merged once and kept for the next compilation whose edited
    /// trees register the same. A keystroke that changes a registration (in a body: the declarations stay the same) must
    /// be seen by the next request; one in a file that registers nothing keeps the merged registrations, whichever they are.
    /// </summary>
    [Fact]
    public async Task AChangedRegistrationIsSeenByTheNextRequestAndAnEditElsewhereKeepsIt()
    {
        var files = new[]
        {
            ("Controller.cs", """
                using Microsoft.AspNetCore.Mvc;

                public class StockController : ControllerBase
                {
                    private readonly IStock _stock;
                    public StockController(IStock stock) => _stock = stock;
                    public int Count() => _stock.Count();
                }
                """),
            ("Stock.cs", """
                public interface IStock { int Count(); }
                public class MemoryStock : IStock { public int Count() => 1; }
                public class FileStock : IStock { public int Count() => System.IO.File.ReadAllText("n").Length; }
                """),
            ("Startup.cs", """
                using Microsoft.Extensions.DependencyInjection;

                public static class Startup
                {
                    public static void Register(IServiceCollection services) => services.AddScoped<IStock, MemoryStock>();
                }
                """),
            ("Other.cs", """
                public static class Other
                {
                    public static int Value() => 1;
                }
                """),
        };
        var project = TestWorkspace.CreateSolution(files, null, ReferenceSets.Default).Projects.Single();
        await TestWorkspace.AssertCompilesAsync(project, "in the test source");
        var first = (await project.GetCompilationAsync())!;
        var controller = first.SyntaxTrees.Single(t => t.FilePath.EndsWith("Controller.cs", System.StringComparison.Ordinal));
        var startup = first.SyntaxTrees.Single(t => t.FilePath.EndsWith("Startup.cs", System.StringComparison.Ordinal));
        var other = first.SyntaxTrees.Single(t => t.FilePath.EndsWith("Other.cs", System.StringComparison.Ordinal));
        var throughFileStock = new[] { "/TestProject/Controller.cs(7,27): BURST005 on '_stock.Count()': Request handler 'StockController.Count' reaches a blocking call through other methods: Count → FileStock.Count (registered in Startup.cs) → File.ReadAllText @ /TestProject/Stock.cs: (2,56)-(2,87)" };
        Assert.Empty(await AnalyseDocumentAsync(first, controller, project.AnalyzerOptions));
        Assert.Empty(await AnalyseDocumentAsync(Edit(first, other, "=> 1;", "=> 2;"), controller, project.AnalyzerOptions));

        var reregistered = Edit(first, startup, "AddScoped<IStock, MemoryStock>", "AddScoped<IStock, FileStock>");
        Assert.Equal(throughFileStock, Describe(await AnalyseDocumentAsync(reregistered, controller, project.AnalyzerOptions)));
        var reregisteredOther = reregistered.SyntaxTrees.Single(t => t.FilePath.EndsWith("Other.cs", System.StringComparison.Ordinal));
        Assert.Equal(throughFileStock, Describe(await AnalyseDocumentAsync(Edit(reregistered, reregisteredOther, "=> 1;", "=> 2;"), controller, project.AnalyzerOptions)));

        Assert.Empty(await AnalyseDocumentAsync(Edit(first, other, "=> 1;", "=> 3;"), controller, project.AnalyzerOptions));
        Assert.Empty(await AnalyseDocumentAsync(first, controller, project.AnalyzerOptions));
    }

    /// <summary>
    /// The method-group registrations of all trees are indexed by name once and kept for the next compilation whose
    /// edited trees have none. A keystroke that registers another method must be seen by the next request.
    /// </summary>
    [Fact]
    public async Task AMethodGroupRegisteredByAKeystrokeIsAHandlerOnTheNextRequest()
    {
        var files = new[]
        {
            ("Program.cs", """
                using Microsoft.AspNetCore.Builder;

                public static class Program
                {
                    public static void Main()
                    {
                        var app = WebApplication.Create();
                        app.MapGet("/get", Reports.Get);
                    }
                }
                """),
            ("Reports.cs", """
                public static class Reports
                {
                    public static int Get() => Slow.Read();
                    public static int Other() => Slow.Read();
                }

                public static class Slow
                {
                    public static int Read() { System.Threading.Thread.Sleep(1); return 1; }
                }
                """),
            ("Other.cs", """
                public static class Other
                {
                    public static int Value() => 1;
                }
                """),
        };
        var project = TestWorkspace.CreateSolution(files, null, ReferenceSets.Default).Projects.Single();
        await TestWorkspace.AssertCompilesAsync(project, "in the test source");
        var first = (await project.GetCompilationAsync())!;
        var program = first.SyntaxTrees.Single(t => t.FilePath.EndsWith("Program.cs", System.StringComparison.Ordinal));
        var reports = first.SyntaxTrees.Single(t => t.FilePath.EndsWith("Reports.cs", System.StringComparison.Ordinal));
        var other = first.SyntaxTrees.Single(t => t.FilePath.EndsWith("Other.cs", System.StringComparison.Ordinal));
        var get = "/TestProject/Reports.cs(3,32): BURST005 on 'Slow.Read()': Request handler 'MapGet(\"/get\")' reaches a blocking call through other methods: Get → Slow.Read → Thread.Sleep @ /TestProject/Reports.cs: (8,31)-(8,63)";
        var both = new[] { get, "/TestProject/Reports.cs(4,34): BURST005 on 'Slow.Read()': Request handler 'MapGet(\"/other\")' reaches a blocking call through other methods: Other → Slow.Read → Thread.Sleep @ /TestProject/Reports.cs: (8,31)-(8,63)" };
        Assert.Equal(new[] { get }, Describe(await AnalyseDocumentAsync(first, reports, project.AnalyzerOptions)));
        Assert.Equal(new[] { get }, Describe(await AnalyseDocumentAsync(Edit(first, other, "=> 1;", "=> 2;"), reports, project.AnalyzerOptions)));

        var registered = Edit(first, program, "app.MapGet(\"/get\", Reports.Get);", "app.MapGet(\"/get\", Reports.Get); app.MapGet(\"/other\", Reports.Other);");
        Assert.Equal(both, Describe(await AnalyseDocumentAsync(registered, reports, project.AnalyzerOptions)));
        var registeredOther = registered.SyntaxTrees.Single(t => t.FilePath.EndsWith("Other.cs", System.StringComparison.Ordinal));
        Assert.Equal(both, Describe(await AnalyseDocumentAsync(Edit(registered, registeredOther, "=> 1;", "=> 2;"), reports, project.AnalyzerOptions)));

        Assert.Equal(new[] { get }, Describe(await AnalyseDocumentAsync(Edit(first, other, "=> 1;", "=> 3;"), reports, project.AnalyzerOptions)));
    }

    private static Compilation Edit(Compilation compilation, SyntaxTree tree, string oldText, string newText)
    {
        var text = tree.GetText().ToString();
        Assert.Contains(oldText, text, System.StringComparison.Ordinal);
        var edited = compilation.ReplaceSyntaxTree(tree, tree.WithChangedText(SourceText.From(text.Replace(oldText, newText, System.StringComparison.Ordinal))));
        Assert.Empty(edited.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        return edited;
    }

    /// <summary>
    /// An implicit constructor runs its type's initializers, so its facts are kept with the type's declaration: an edit
    /// elsewhere reuses them, and a changed initializer (part of that tree's declarations) drops them.
    /// </summary>
    [Fact]
    public async Task ImplicitConstructorFactsAreKeptUntilAnInitializerChanges()
    {
        var files = new[]
        {
            ("Controller.cs", """
                using Microsoft.AspNetCore.Mvc;
                using Shop;

                public class CatalogController : ControllerBase
                {
                    public object Open() => new Catalog();
                }
                """),
            ("Catalog.cs", """
                namespace Shop;

                public class Catalog
                {
                    private readonly int _size = Sizes.Read();
                }
                """),
            ("Sizes.cs", """
                using System.Threading;

                public static class Sizes
                {
                    public static int Read() { Thread.Sleep(1); return 1; }
                }
                """),
        };
        var project = TestWorkspace.CreateSolution(files, null, ReferenceSets.Default).Projects.Single();
        await TestWorkspace.AssertCompilesAsync(project, "in the test source");
        var first = (await project.GetCompilationAsync())!;
        var controller = first.SyntaxTrees.Single(t => t.FilePath.EndsWith("Controller.cs", System.StringComparison.Ordinal));
        var catalog = first.SyntaxTrees.Single(t => t.FilePath.EndsWith("Catalog.cs", System.StringComparison.Ordinal));
        var expected = string.Join("\n", "/TestProject/Controller.cs(6,29): BURST005 on 'new Catalog()': Request handler 'CatalogController.Open' reaches a blocking call through other methods: Open → new Catalog → Sizes.Read → Thread.Sleep @ /TestProject/Catalog.cs: (4,33)-(4,45), /TestProject/Sizes.cs: (4,31)-(4,46)");

        Assert.Equal(expected, string.Join("\n", Describe(await AnalyseDocumentAsync(first, controller, project.AnalyzerOptions))));

        // A keystroke in the controller's body: a new compilation, the other trees the same objects; the same answer.
        var edited = first.ReplaceSyntaxTree(controller, controller.WithChangedText(SourceText.From(controller.GetText().ToString().Replace(
            "=> new Catalog();", "=> new Catalog() ;", System.StringComparison.Ordinal))));
        var editedController = edited.SyntaxTrees.Single(t => t.FilePath.EndsWith("Controller.cs", System.StringComparison.Ordinal));
        Assert.Equal(expected, string.Join("\n", Describe(await AnalyseDocumentAsync(edited, editedController, project.AnalyzerOptions))));

        // The initializer no longer blocks: what was kept for the implicit constructor must not be used.
        var changed = edited.ReplaceSyntaxTree(catalog, catalog.WithChangedText(SourceText.From(catalog.GetText().ToString().Replace(
            "_size = Sizes.Read();", "_size = 1;", System.StringComparison.Ordinal))));
        Assert.Empty(changed.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        Assert.Empty(await AnalyseDocumentAsync(changed, editedController, project.AnalyzerOptions));
    }

    private static Task<ImmutableArray<Diagnostic>> AnalyseDocumentAsync(Compilation compilation, SyntaxTree tree, AnalyzerOptions options)
        => compilation.WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new CallChainAnalyzer()), options)
            .GetAnalyzerSemanticDiagnosticsAsync(compilation.GetSemanticModel(tree), filterSpan: null, default);

    /// <summary>
    /// The whole compilation at once, as a build does, then each document on its own, as an editor does: each on a new
    /// compilation of the same trees (an editor makes one after every keystroke; the trees of the other documents are
    /// the same objects).
    /// </summary>
    private static async Task<(ImmutableArray<Diagnostic> Whole, List<Diagnostic> ByDocument)> AnalyseBothWaysAsync((string FileName, string Code)[] files)
    {
        var project = TestWorkspace.CreateSolution(files, null, ReferenceSets.Default).Projects.Single();
        await TestWorkspace.AssertCompilesAsync(project, "in the test source");
        var compilation = (await project.GetCompilationAsync())!;

        var whole = await TestWorkspace.GetAnalyzerDiagnosticsAsync(project, ImmutableArray.Create<DiagnosticAnalyzer>(new CallChainAnalyzer()));

        var byDocument = new List<Diagnostic>();
        foreach (var tree in compilation.SyntaxTrees)
        {
            foreach (var request in new[] { compilation, compilation.RemoveAllSyntaxTrees().AddSyntaxTrees(compilation.SyntaxTrees) })
            {
                var withAnalyzers = request.WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new CallChainAnalyzer()), project.AnalyzerOptions);
                var found = await withAnalyzers.GetAnalyzerSemanticDiagnosticsAsync(request.GetSemanticModel(tree), filterSpan: null, default);
                if (request == compilation)
                {
                    byDocument.AddRange(found);
                }
                else
                {
                    Assert.Equal(Describe(byDocument.Where(d => d.Location.SourceTree == tree)), Describe(found));
                }
            }
        }

        return (whole, byDocument);
    }

    private static string[] Describe(IEnumerable<Diagnostic> diagnostics)
        => diagnostics
            .Select(d => TestWorkspace.Describe(d) + " @ " + string.Join(", ", d.AdditionalLocations.Select(l => l.GetLineSpan().ToString())))
            .OrderBy(text => text, System.StringComparer.Ordinal)
            .ToArray();
}
