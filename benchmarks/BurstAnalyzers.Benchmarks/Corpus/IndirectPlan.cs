using System;
using System.Collections.Generic;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Where an indirect shape's two halves live in the layered build (<see cref="CorpusLayer"/>): the contract (interface,
/// base class) one project below the code that implements it.
/// </summary>
internal enum IndirectPlacement
{
    /// <summary>Contract in Contoso.Services, implementations in Contoso.Web (infrastructure in the web project).</summary>
    ServicesToWeb,

    /// <summary>Contract in Contoso.Data, implementations in Contoso.Services.</summary>
    DataToServices,
}

/// <summary>How the composition root registers the DI-bound interface's implementation.</summary>
internal enum RegistrationForm
{
    /// <summary><c>services.AddScoped&lt;IFoo, Foo&gt;()</c> in the web project's composition root.</summary>
    Generic,

    /// <summary><c>services.TryAddScoped&lt;IFoo, Foo&gt;()</c>.</summary>
    TryAdd,

    /// <summary><c>services.AddScoped&lt;IFoo&gt;(sp =&gt; new Foo())</c>.</summary>
    Factory,

    /// <summary><c>services.AddScoped(typeof(IFoo&lt;&gt;), typeof(Foo&lt;&gt;))</c>: the interface and classes are generic.</summary>
    OpenGeneric,
}

/// <summary>
/// A DI-bound interface (issue 35): declared one project below its implementations, one implementation registered in
/// a composition root, maybe one more that blocks and is registered nowhere, called from a handler through the
/// interface. Each of the interface's two methods may block in the registered implementation.
/// </summary>
internal sealed class DiShapePlan(IndirectPlacement placement, RegistrationForm form)
{
    public IndirectPlacement Placement { get; } = placement;
    public RegistrationForm Form { get; } = form;

    /// <summary>Blocking in the registered implementation's Describe(id) and Count(page), or none.</summary>
    public BlockingKind? DescribeBlocking { get; set; }
    public BlockingKind? CountBlocking { get; set; }

    /// <summary>A second implementation, registered nowhere, whose methods both block: it must not make the handler report.</summary>
    public BlockingKind? UnregisteredBlocking { get; set; }

    /// <summary>DataToServices: the registration sits in the services library's own AddXxx() extension, which the web
    /// project's composition root calls (registrations carried across projects).</summary>
    public bool RegisteredInLibrary => Placement == IndirectPlacement.DataToServices;
}

/// <summary>One class derived from the module's abstract rule: whether its override of Adjust blocks, and whether it also
/// overrides the virtual Explain (and blocks there).</summary>
internal sealed record DerivedRulePlan(string Name, BlockingKind? AdjustBlocking, bool OverridesExplain, BlockingKind? ExplainBlocking);

/// <summary>
/// Virtual and abstract dispatch (issue 35): an abstract base class whose template method Apply calls its abstract
/// Adjust, and a virtual Explain; derived classes in the project above, some blocking; the handler gets one from a
/// factory typed as the base class and calls Apply and Explain. Nothing registers the base class, so every override counts.
/// </summary>
internal sealed class VirtualShapePlan(IndirectPlacement placement)
{
    public IndirectPlacement Placement { get; } = placement;
    public List<DerivedRulePlan> Rules { get; } = new();

    public bool ApplyBlocks => Rules.Exists(r => r.AdjustBlocking is not null);
    public bool ExplainBlocks => Rules.Exists(r => r.ExplainBlocking is not null);
}

/// <summary>
/// Deferred EF Core queries (issue 35): a queries class whose methods return <c>IQueryable&lt;T&gt;</c> or
/// <c>IEnumerable&lt;T&gt;</c> built on a <c>DbSet&lt;T&gt;</c> of the shared DbContext (in Contoso.Data), plus one over an
/// in-memory list; a reports class in Contoso.Services enumerates them (Count, FirstOrDefault, ToList); the handler
/// calls the reports and enumerates some queries itself (foreach, FirstOrDefault, and an awaited ToListAsync).
/// </summary>
internal sealed class QueryShapePlan(bool queriesInData)
{
    /// <summary>Queries class in Contoso.Data (true) or next to the reports in Contoso.Services.</summary>
    public bool QueriesInData { get; } = queriesInData;
}

/// <summary>What the issue-35 shapes add to one module; null members: the module has no such shape.</summary>
internal sealed class IndirectPlan
{
    public DiShapePlan? Di { get; set; }
    public VirtualShapePlan? Virtual { get; set; }
    public QueryShapePlan? Query { get; set; }

    public bool IsEmpty => Di is null && Virtual is null && Query is null;
}

/// <summary>
/// Decides a module's issue-35 shapes with a random generator of its own, seeded from the corpus seed and the module's
/// number: the existing shapes draw from the corpus's generator exactly as before (the same modules, in the same order,
/// with the same text), and a smaller corpus stays a prefix of a larger one. Variants (placement, registration form)
/// come from shuffled bags, so every one appears early and in equal shares.
/// </summary>
internal sealed class IndirectPlanner(int seed, CorpusStats stats)
{
    // About a sixth of the modules get each of the DI and query shapes, an eighth the virtual one: 5-6 % of the lines.
    private const double DiProbability = 0.18;
    private const double VirtualProbability = 0.12;
    private const double QueryProbability = 0.16;
    private const double BlockingInImplementation = 0.5;
    private const double UnregisteredImplementation = 0.5;

    private static readonly string[] RuleNames = { "Seasonal", "Volume", "Regional", "Loyalty" };

    private readonly Random _bags = new(unchecked(seed * 31 + 35));
    private readonly List<IndirectPlacement> _diPlacements = new();
    private readonly List<RegistrationForm> _forms = new();
    private readonly List<IndirectPlacement> _virtualPlacements = new();
    private readonly List<bool> _queryPlacements = new();
    private readonly List<BlockingKind> _kinds = new();

    public IndirectPlan Plan(int moduleIndex)
    {
        var random = new Random(unchecked(seed * 7919 + moduleIndex * 104729 + 35));
        var plan = new IndirectPlan();
        if (random.NextDouble() < DiProbability)
        {
            var di = new DiShapePlan(Draw(_diPlacements, Enum.GetValues<IndirectPlacement>()), Draw(_forms, Enum.GetValues<RegistrationForm>()));
            di.DescribeBlocking = random.NextDouble() < BlockingInImplementation ? Kind("behind DI-bound interfaces (registered)") : null;
            di.CountBlocking = random.NextDouble() < BlockingInImplementation ? Kind("behind DI-bound interfaces (registered)") : null;
            di.UnregisteredBlocking = random.NextDouble() < UnregisteredImplementation ? Kind("behind DI-bound interfaces (not registered)") : null;
            plan.Di = di;
            stats.Count("DI-bound interfaces (" + di.Form + ", " + di.Placement + ")");
        }

        if (random.NextDouble() < VirtualProbability)
        {
            var shape = new VirtualShapePlan(Draw(_virtualPlacements, Enum.GetValues<IndirectPlacement>()));
            var count = random.Next(2, 4);
            for (var i = 0; i < count; i++)
            {
                var adjust = random.NextDouble() < 0.35 ? Kind("in overrides") : (BlockingKind?)null;
                var overridesExplain = random.NextDouble() < 0.4;
                var explain = overridesExplain && random.NextDouble() < 0.4 ? Kind("in overrides") : (BlockingKind?)null;
                shape.Rules.Add(new DerivedRulePlan(RuleNames[i], adjust, overridesExplain, explain));
            }

            plan.Virtual = shape;
            stats.Count("abstract/virtual dispatch (" + shape.Placement + ")");
        }

        if (random.NextDouble() < QueryProbability)
        {
            plan.Query = new QueryShapePlan(Draw(_queryPlacements, new[] { true, false }));
            stats.Count("deferred EF Core queries (queries in " + (plan.Query.QueriesInData ? "Data" : "Services") + ")");
        }

        return plan;
    }

    private BlockingKind Kind(string place)
    {
        var kind = Draw(_kinds, BlockingKinds.All);
        stats.RecordBlocking(kind, place, inAsyncCode: false);
        return kind;
    }

    /// <summary>The next item of a bag refilled, shuffled, with every value whenever it runs empty.</summary>
    private T Draw<T>(List<T> bag, T[] values)
    {
        if (bag.Count == 0)
        {
            bag.AddRange(values);
            for (var i = bag.Count - 1; i > 0; i--)
            {
                var j = _bags.Next(i + 1);
                (bag[i], bag[j]) = (bag[j], bag[i]);
            }
        }

        var item = bag[^1];
        bag.RemoveAt(bag.Count - 1);
        return item;
    }
}
