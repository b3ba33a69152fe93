using System;
using System.Collections.Generic;
using System.Linq;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Writes a module's issue-35 shapes (<see cref="IndirectPlan"/>): the DI-bound interface and its implementations, the
/// abstract rule and its derived classes, the EF Core queries and the reports that run them, and one controller,
/// <c>{Plural}InsightsController</c>, whose actions reach all of them. Each call site in that controller ends with a
/// comment saying what BurstAnalyzers should report there, <c>// expect BURST005: label</c> or <c>// expect none: label</c>,
/// which <c>--dump-diagnostics</c> checks (see Editor/DiagnosticsCheck.cs).
/// </summary>
internal sealed class IndirectWriter(Random random, CorpusStats stats)
{
    public const string DbContextNamespace = "Contoso.Data";
    public const string DbContextName = "ContosoDbContext";

    public IEnumerable<CorpusFile> Write(ModulePlan module, IndirectPlan plan)
    {
        if (plan.Di is { } di)
        {
            yield return WriteGatewayInterface(module.Names, di);
            yield return WriteGateways(module.Names, di);
        }

        if (plan.Virtual is { } rules)
        {
            yield return WriteRuleBase(module.Names, rules);
            yield return WriteRules(module.Names, rules);
        }

        if (plan.Query is { } query)
        {
            yield return WriteQueries(module.Names, query);
            yield return WriteReports(module.Names);
        }

        if (!plan.IsEmpty)
        {
            yield return WriteController(module.Names, plan);
        }
    }

    // ---- names -------------------------------------------------------------------------------------------------

    public static string GatewayInterface(ModuleNames n) => "I" + n.Entity + "Gateway";
    public static string Gateway(ModuleNames n) => "Sql" + n.Entity + "Gateway";
    public static string LegacyGateway(ModuleNames n) => "Legacy" + n.Entity + "Gateway";
    public static string GatewayRegistration(ModuleNames n) => n.Entity + "GatewayRegistration";
    public static string AddGateways(ModuleNames n) => "Add" + n.Module + "Gateways";
    public static string Queries(ModuleNames n) => n.Entity + "Queries";
    public static string Reports(ModuleNames n) => n.Entity + "QueryReports";
    public static string Controller(ModuleNames n) => n.Plural + "InsightsController";
    private static string RuleBase(ModuleNames n) => n.Entity + "PricingRule";
    private static string RuleFactory(ModuleNames n) => n.Entity + "PricingRules";
    private static string Rule(ModuleNames n, DerivedRulePlan rule) => rule.Name + n.Entity + "Rule";

    /// <summary>The DbSet property of the module's entity on the shared DbContext.</summary>
    public static string DbSet(ModuleNames n) => n.Module;

    private static (CorpusLayer Contract, CorpusLayer Implementation) Layers(IndirectPlacement placement) => placement switch
    {
        IndirectPlacement.ServicesToWeb => (CorpusLayer.Services, CorpusLayer.Web),
        _ => (CorpusLayer.Data, CorpusLayer.Services),
    };

    /// <summary>The gateway's type as the handler and the composition root name it (closed over the DTO when generic).</summary>
    private static string GatewayTypeArguments(DiShapePlan di, ModuleNames n) => di.Form == RegistrationForm.OpenGeneric ? "<" + n.Dto + ">" : string.Empty;

    private static string GenericParameter(DiShapePlan di) => di.Form == RegistrationForm.OpenGeneric ? "<TItem>" : string.Empty;

    /// <summary>The registration of the gateway, as a statement on <c>services</c>, with <paramref name="prefix"/> before type names.</summary>
    public static string RegistrationStatement(ModuleNames n, DiShapePlan di, string prefix)
    {
        var service = prefix + GatewayInterface(n);
        var implementation = prefix + Gateway(n);
        return di.Form switch
        {
            RegistrationForm.Generic => $"services.AddScoped<{service}, {implementation}>();",
            RegistrationForm.TryAdd => $"services.TryAddScoped<{service}, {implementation}>();",
            RegistrationForm.Factory => $"services.AddScoped<{service}>(provider => new {implementation}());",
            _ => $"services.AddScoped(typeof({service}<>), typeof({implementation}<>));",
        };
    }

    // ---- DI-bound interface -------------------------------------------------------------------------------------

    private CorpusFile WriteGatewayInterface(ModuleNames n, DiShapePlan di)
    {
        var w = new SourceWriter();
        w.Usings("System", "System.Collections.Generic");
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        w.Line($"/// <summary>Where {n.Plural.ToLowerInvariant()} are looked up outside the application; the host registers the implementation.</summary>");
        w.Open($"public interface {GatewayInterface(n)}{GenericParameter(di)}");
        w.Line("string Describe(int id);");
        w.Line("int Count(int page);");
        w.Close();
        return w.ToFile($"{n.Folder}/{GatewayInterface(n)}.cs", Layers(di.Placement).Contract);
    }

    private CorpusFile WriteGateways(ModuleNames n, DiShapePlan di)
    {
        var w = new SourceWriter();
        var usings = ChainWriter.Usings.ToList();
        if (di.RegisteredInLibrary)
        {
            usings.Add("Microsoft.Extensions.DependencyInjection");
            if (di.Form == RegistrationForm.TryAdd)
            {
                usings.Add("Microsoft.Extensions.DependencyInjection.Extensions");
            }
        }

        w.Usings(usings.ToArray());
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        var contract = GatewayInterface(n) + GenericParameter(di);
        WriteGatewayClass(w, n, Gateway(n) + GenericParameter(di), contract, di.DescribeBlocking, di.CountBlocking, "the registered implementation");
        if (di.UnregisteredBlocking is { } legacy)
        {
            w.Line();
            WriteGatewayClass(w, n, LegacyGateway(n) + GenericParameter(di), contract, legacy, legacy, "kept for the batch importer; registered nowhere");
        }

        if (di.RegisteredInLibrary)
        {
            w.Line();
            w.Open("public static class " + GatewayRegistration(n));
            w.Open($"public static IServiceCollection {AddGateways(n)}(this IServiceCollection services)");
            w.Line(RegistrationStatement(n, di, string.Empty));
            w.Line("return services;");
            w.Close();
            w.Close();
        }

        return w.ToFile($"{n.Folder}/{n.Entity}Gateways.cs", Layers(di.Placement).Implementation);
    }

    private void WriteGatewayClass(SourceWriter w, ModuleNames n, string className, string contract, BlockingKind? describe, BlockingKind? count, string summary)
    {
        var support = SupportOf(describe) | SupportOf(count);
        w.Line($"/// <summary>{char.ToUpperInvariant(summary[0])}{summary.Substring(1)}.</summary>");
        w.Open($"public sealed class {className} : {contract}");
        SupportMemberWriter.WriteFields(w, support);
        w.Open("public string Describe(int id)");
        var next = OrdinarySnippets.WriteSome(w, random, "id", 1, n.Entity, 0, 2);
        if (describe is { } d)
        {
            BlockingSnippets.Write(w, d, "id", next);
        }

        w.Line($"return \"{n.Entity} \" + id.ToString(CultureInfo.InvariantCulture);");
        w.Close();
        w.Line();
        w.Open("public int Count(int page)");
        next = OrdinarySnippets.WriteSome(w, random, "page", 1, n.Entity, 0, 2);
        if (count is { } c)
        {
            BlockingSnippets.Write(w, c, "page", next);
        }

        w.Line($"return page * 20 + {random.Next(1, 20)};");
        w.Close();
        SupportMemberWriter.WriteMethods(w, support, n.Route);
        w.Close();
    }

    // ---- virtual / abstract dispatch ----------------------------------------------------------------------------

    private CorpusFile WriteRuleBase(ModuleNames n, VirtualShapePlan rules)
    {
        var w = new SourceWriter();
        w.Usings("System", "System.Globalization");
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        w.Line($"/// <summary>Prices a {n.Entity.ToLowerInvariant()}: a baseline, adjusted by each kind of rule.</summary>");
        w.Open($"public abstract class {RuleBase(n)}");
        w.Open("public decimal Apply(int id)");
        w.Line($"var baseline = (id % 100) * {random.Next(2, 9)}.5m;");
        w.Line("var adjustment = Adjust(id);");
        w.Line("return Math.Round(baseline + adjustment, 2);");
        w.Close();
        w.Line();
        w.Line($"public virtual string Explain(int id) => \"{n.Entity} pricing for \" + id.ToString(CultureInfo.InvariantCulture);");
        w.Line();
        w.Line("protected abstract decimal Adjust(int id);");
        w.Close();
        return w.ToFile($"{n.Folder}/{RuleBase(n)}.cs", Layers(rules.Placement).Contract);
    }

    private CorpusFile WriteRules(ModuleNames n, VirtualShapePlan rules)
    {
        var w = new SourceWriter();
        w.Usings(ChainWriter.Usings);
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        foreach (var rule in rules.Rules)
        {
            var support = SupportOf(rule.AdjustBlocking) | SupportOf(rule.ExplainBlocking);
            w.Open($"public sealed class {Rule(n, rule)} : {RuleBase(n)}");
            SupportMemberWriter.WriteFields(w, support);
            w.Open("protected override decimal Adjust(int id)");
            var next = OrdinarySnippets.WriteSome(w, random, "id", 1, n.Entity, 0, 2);
            if (rule.AdjustBlocking is { } adjust)
            {
                BlockingSnippets.Write(w, adjust, "id", next);
            }

            w.Line($"return (id % {random.Next(3, 11)}) * 0.25m;");
            w.Close();
            if (rule.OverridesExplain)
            {
                w.Line();
                w.Open("public override string Explain(int id)");
                if (rule.ExplainBlocking is { } explain)
                {
                    BlockingSnippets.Write(w, explain, "id", 1);
                }

                w.Line($"return base.Explain(id) + \" ({rule.Name.ToLowerInvariant()})\";");
                w.Close();
            }

            SupportMemberWriter.WriteMethods(w, support, n.Route);
            w.Close();
            w.Line();
        }

        w.Open($"public static class {RuleFactory(n)}");
        w.Line($"public static {RuleBase(n)} For(int id) => (id % {rules.Rules.Count}) switch");
        w.Open();
        for (var i = 0; i < rules.Rules.Count; i++)
        {
            w.Line($"{(i == rules.Rules.Count - 1 ? "_" : i.ToString(System.Globalization.CultureInfo.InvariantCulture))} => new {Rule(n, rules.Rules[i])}(),");
        }

        w.Close(";");
        w.Close();
        return w.ToFile($"{n.Folder}/{RuleFactory(n)}.cs", Layers(rules.Placement).Implementation);
    }

    // ---- deferred queries ---------------------------------------------------------------------------------------

    private static CorpusFile WriteQueries(ModuleNames n, QueryShapePlan query)
    {
        var w = new SourceWriter();
        w.Usings("System", "System.Collections.Generic", "System.Linq", DbContextNamespace);
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        w.Line($"/// <summary>The {n.Plural.ToLowerInvariant()} queries the reports and the insights run; nothing runs until they are enumerated.</summary>");
        w.Open("public sealed class " + Queries(n));
        w.Line($"private static readonly List<{n.Entity}> Snapshot = new List<{n.Entity}>();");
        w.Line($"private readonly {DbContextName} _db;");
        w.Line();
        w.Open($"public {Queries(n)}({DbContextName} db)");
        w.Line("_db = db;");
        w.Close();
        w.Line();
        w.Line($"public IQueryable<{n.Entity}> Open{n.Plural}() => _db.{DbSet(n)}.Where(e => e.Status == {n.Status}.Open);");
        w.Line();
        w.Line($"public IEnumerable<{n.Entity}> Recent{n.Plural}(int page) =>");
        w.Line($"    _db.{DbSet(n)}.OrderByDescending(e => e.CreatedAt).Skip(page * 20).Take(20);");
        w.Line();
        w.Line($"public IEnumerable<{n.Entity}> Cached{n.Plural}(int page) => Snapshot.Skip(page * 20).Take(20);");
        w.Close();
        return w.ToFile($"{n.Folder}/{Queries(n)}.cs", query.QueriesInData ? CorpusLayer.Data : CorpusLayer.Services);
    }

    private static CorpusFile WriteReports(ModuleNames n)
    {
        var w = new SourceWriter();
        w.Usings("System", "System.Collections.Generic", "System.Linq");
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        w.Open("public sealed class " + Reports(n));
        w.Line($"private readonly {Queries(n)} _queries;");
        w.Line();
        w.Open($"public {Reports(n)}({Queries(n)} queries)");
        w.Line("_queries = queries;");
        w.Close();
        w.Line();
        w.Line($"public int CountOpen() => _queries.Open{n.Plural}().Count();");
        w.Line();
        w.Line($"public {n.Entity}? Newest(int page) => _queries.Recent{n.Plural}(page).FirstOrDefault();");
        w.Line();
        w.Line($"public List<{n.Entity}> Snapshot(int page) => _queries.Cached{n.Plural}(page).ToList();");
        w.Close();
        return w.ToFile($"{n.Folder}/{Reports(n)}.cs", CorpusLayer.Services);
    }

    /// <summary>The shared DbContext in Contoso.Data: one DbSet per module with queries.</summary>
    public static CorpusFile DbContext(IReadOnlyList<ModulePlan> modules)
    {
        var w = new SourceWriter();
        w.Usings("Microsoft.EntityFrameworkCore");
        w.Line("namespace " + DbContextNamespace + ";");
        w.Line();
        w.Open($"public sealed class {DbContextName} : DbContext");
        w.Open($"public {DbContextName}(DbContextOptions<{DbContextName}> options) : base(options)");
        w.Close();
        foreach (var module in modules)
        {
            if (module.Indirect?.Query is not null)
            {
                var n = module.Names;
                w.Line();
                w.Line($"public DbSet<global::{n.Namespace}.{n.Entity}> {DbSet(n)} {{ get; set; }} = null!;");
            }
        }

        w.Close();
        return w.ToFile($"Data/{DbContextName}.cs", CorpusLayer.Data);
    }

    // ---- the handlers -------------------------------------------------------------------------------------------

    private CorpusFile WriteController(ModuleNames n, IndirectPlan plan)
    {
        var w = new SourceWriter();
        var usings = HandlerBody.AspNetCoreUsings.ToList();
        if (plan.Query is not null)
        {
            usings.Add("Microsoft.EntityFrameworkCore");
        }

        w.Usings(usings.ToArray());
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        w.Line("[ApiController]");
        w.Line($"[Route(\"api/{n.Route}/insights\")]");
        var controller = Controller(n);
        w.Open($"public sealed class {controller} : ControllerBase");
        var parameters = new List<string>();
        if (plan.Di is { } di)
        {
            var gateway = GatewayInterface(n) + GatewayTypeArguments(di, n);
            w.Line($"private readonly {gateway} _gateway;");
            parameters.Add(gateway + " gateway");
        }

        if (plan.Query is not null)
        {
            w.Line($"private readonly {Queries(n)} _queries;");
            w.Line($"private readonly {Reports(n)} _reports;");
            parameters.Add(Queries(n) + " queries");
            parameters.Add(Reports(n) + " reports");
        }

        w.Line();
        w.Open($"public {controller}({string.Join(", ", parameters)})");
        foreach (var parameter in parameters)
        {
            var name = parameter.Substring(parameter.LastIndexOf(' ') + 1);
            w.Line($"_{name} = {name};");
        }

        w.Close();
        if (plan.Di is { } gatewayPlan)
        {
            WriteGatewayActions(w, n, gatewayPlan);
        }

        if (plan.Virtual is { } rules)
        {
            WriteRuleAction(w, n, rules);
        }

        if (plan.Query is { } query)
        {
            WriteQueryActions(w, n, query);
        }

        w.Close();
        return w.ToFile($"{n.Folder}/{controller}.cs");
    }

    private void WriteGatewayActions(SourceWriter w, ModuleNames n, DiShapePlan di)
    {
        var where = $"{di.Form}.{di.Placement}";
        w.Line();
        w.Line("[HttpGet(\"{id:int}/description\")]");
        w.Open("public ActionResult<string> Describe(int id)");
        OrdinarySnippets.WriteSome(w, random, "id", 1, n.Entity, 0, 1);
        w.Line("var description = _gateway.Describe(id);" + Expect(di.DescribeBlocking is not null, "BURST005", "di." + Case(di.DescribeBlocking, di) + "." + where));
        w.Line("return Ok(description);");
        w.Close();
        w.Line();
        w.Line("[HttpGet(\"page/{page:int}/count\")]");
        w.Open("public ActionResult<int> CountItems(int page)");
        w.Line("var count = _gateway.Count(page);" + Expect(di.CountBlocking is not null, "BURST005", "di." + Case(di.CountBlocking, di) + "." + where));
        w.Line("return Ok(count);");
        w.Close();
    }

    private static string Case(BlockingKind? registered, DiShapePlan di)
        => registered is not null ? "registered-blocks" : di.UnregisteredBlocking is not null ? "only-unregistered-blocks" : "none-blocks";

    private void WriteRuleAction(SourceWriter w, ModuleNames n, VirtualShapePlan rules)
    {
        var where = rules.Placement.ToString();
        w.Line();
        w.Line("[HttpGet(\"{id:int}/price\")]");
        w.Open("public ActionResult<string> Price(int id)");
        OrdinarySnippets.WriteSome(w, random, "id", 1, n.Entity, 0, 1);
        w.Line($"var rule = {RuleFactory(n)}.For(id);");
        w.Line("var price = rule.Apply(id);" + Expect(rules.ApplyBlocks, "BURST005", "virtual.abstract-" + (rules.ApplyBlocks ? "override-blocks" : "no-override-blocks") + "." + where));
        w.Line("var explanation = rule.Explain(id);" + Expect(rules.ExplainBlocks, "BURST005", "virtual.virtual-" + (rules.ExplainBlocks ? "override-blocks" : "no-override-blocks") + "." + where));
        w.Line("return Ok(explanation + \": \" + price.ToString(CultureInfo.InvariantCulture));");
        w.Close();
    }

    private void WriteQueryActions(SourceWriter w, ModuleNames n, QueryShapePlan query)
    {
        var where = query.QueriesInData ? "QueriesInData" : "QueriesInServices";
        w.Line();
        w.Line("[HttpGet(\"open/count\")]");
        w.Open("public ActionResult<int> OpenCount()");
        w.Line("var open = _reports.CountOpen();" + Expect(true, "BURST005", "query.reports-count." + where));
        w.Line("return Ok(open);");
        w.Close();
        w.Line();
        w.Line("[HttpGet(\"page/{page:int}/newest\")]");
        w.Open($"public ActionResult<{n.Dto}> Newest(int page)");
        w.Line("var newest = _reports.Newest(page);" + Expect(true, "BURST005", "query.reports-first." + where));
        w.Open("if (newest is null)");
        w.Line("return NotFound();");
        w.Close();
        w.Line($"return Ok({n.Mapping}.ToDto(newest));");
        w.Close();
        w.Line();
        w.Line("[HttpGet(\"page/{page:int}/snapshot\")]");
        w.Open("public ActionResult<int> SnapshotCount(int page)");
        w.Line("var snapshot = _reports.Snapshot(page);" + Expect(false, "BURST005", "query.reports-in-memory." + where));
        w.Line("return Ok(snapshot.Count);");
        w.Close();
        w.Line();
        w.Line("[HttpGet(\"page/{page:int}/recent\")]");
        w.Open("public ActionResult<List<string>> Recent(int page)");
        w.Line("var names = new List<string>();");
        w.Open($"foreach (var item in _queries.Recent{n.Plural}(page))" + Expect(true, "BURST003", "query.handler-foreach." + where));
        w.Line("names.Add(item.Name);");
        w.Close();
        w.Line("return Ok(names);");
        w.Close();
        w.Line();
        w.Line("[HttpGet(\"{id:int}/open\")]");
        w.Open($"public ActionResult<{n.Dto}> FindOpen(int id)");
        w.Line($"var found = _queries.Open{n.Plural}().FirstOrDefault(e => e.Id == id);" + Expect(true, "BURST003", "query.handler-first." + where));
        w.Open("if (found is null)");
        w.Line("return NotFound();");
        w.Close();
        w.Line($"return Ok({n.Mapping}.ToDto(found));");
        w.Close();
        w.Line();
        w.Line("[HttpGet(\"open\")]");
        w.Open("public async Task<ActionResult<int>> OpenAsync(CancellationToken cancellationToken)");
        w.Line($"var open = await _queries.Open{n.Plural}().ToListAsync(cancellationToken);" + Expect(false, "BURST003", "query.handler-awaited." + where));
        w.Line("return Ok(open.Count);");
        w.Close();
    }

    /// <summary>The marker comment at a call site, and the site counted in the corpus's statistics.</summary>
    private string Expect(bool reported, string id, string label)
    {
        var expected = reported ? id : "none";
        stats.CountSite(label.Substring(0, label.LastIndexOf('.')) + " → " + expected);
        return " // expect " + expected + ": " + label;
    }

    private static SupportMembers SupportOf(BlockingKind? kind) => kind is { } k ? SupportMemberWriter.For(k) : SupportMembers.None;
}
