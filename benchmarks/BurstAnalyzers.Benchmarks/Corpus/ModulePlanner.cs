using System;
using System.Collections.Generic;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Makes every random decision about a module — which layers call which, what is async, where blocking goes — before
/// anything is written, bottom-up so each layer can pick callees from the one below. Blocking is planted sparsely
/// (a few percent of methods), as in a real code base, and counted in <see cref="CorpusStats"/> as it is planted.
/// </summary>
internal sealed class ModulePlanner(Random random, CorpusStats stats)
{
    private const double BlockingInChainMethod = 0.08;
    private const double BlockingInHandler = 0.10;
    private const double BlockingInJob = 0.35;

    private static readonly string[] SingleQualifiers =
        { "ById", "Details", "Summary", "Snapshot", "History", "Latest", "Pending", "Archived", "Overview", "Audit" };

    private static readonly string[] BatchQualifiers = { "Page", "Recent", "Open", "Flagged", "Expiring", "Updated" };

    private static readonly EntityProperty[] PropertyPool =
    {
        new("string", "Description"), new("string", "Reference"), new("string", "Region"), new("string", "Currency"),
        new("string", "OwnerEmail"), new("string", "Notes"), new("int", "Priority"), new("int", "Quantity"),
        new("int", "Revision"), new("decimal", "Discount"), new("decimal", "TaxRate"), new("bool", "IsArchived"),
        new("bool", "IsPriority"), new("DateTime?", "UpdatedAt"), new("DateTime?", "ClosedAt"), new("Guid", "CorrelationId"),
    };

    private readonly List<BlockingKind> _kindBag = new();

    public ModulePlan Plan(int index)
    {
        var plan = new ModulePlan(ModuleNames.Pick(random, index));
        foreach (var property in Pick(PropertyPool, random.Next(3, 9)))
        {
            plan.ExtraProperties.Add(property);
        }

        PlanLayer(plan, plan.Io, Layer.Io, random.Next(2, 4), callees: null, callProbability: 0);
        PlanLayer(plan, plan.Helpers, Layer.Helper, random.Next(2, 5), plan.Io, callProbability: 0.5);
        PlanLayer(plan, plan.Repository, Layer.Repository, random.Next(3, 6), plan.Helpers, callProbability: 0.7);
        PlanLayer(plan, plan.Services, Layer.Service, random.Next(3, 7), plan.Repository, callProbability: 0.85);
        plan.ServiceUsesRepositoryInterface = Chance(0.6);

        PlanHandlers(plan);
        PlanJob(plan);
        return plan;
    }

    private void PlanLayer(ModulePlan plan, List<ChainMethod> methods, Layer layer, int count, List<ChainMethod>? callees, double callProbability)
    {
        var names = plan.Names;
        var singles = Pick(SingleQualifiers, SingleQualifiers.Length);
        var batches = Pick(BatchQualifiers, BatchQualifiers.Length);
        int nextSingle = 0, nextBatch = 0;
        for (var i = 0; i < count; i++)
        {
            // The first two methods cover both shapes, so a caller of either shape always finds a callee.
            var shape = i == 0 ? Shape.Single : i == 1 ? Shape.Batch : (Chance(0.6) ? Shape.Single : Shape.Batch);
            var qualifier = shape == Shape.Single ? singles[nextSingle++] : batches[nextBatch++ % batches.Count];
            var baseName = (layer, shape) switch
            {
                (Layer.Io, Shape.Single) => "Fetch" + qualifier + "Payload",
                (Layer.Io, _) => "Fetch" + qualifier + "Lines",
                (Layer.Helper, Shape.Single) => "Read" + names.Entity + qualifier,
                (Layer.Helper, _) => "Read" + qualifier + names.Plural,
                (Layer.Repository, Shape.Single) => "Find" + names.Entity + qualifier,
                (Layer.Repository, _) => "Load" + qualifier + names.Plural,
                (Layer.Service, Shape.Single) => "Get" + names.Entity + qualifier,
                _ => "List" + qualifier + names.Plural,
            };
            if (methods.Exists(m => m.BaseName == baseName))
            {
                continue; // batch qualifiers ran out; one method fewer is fine
            }

            var isAsync = Chance(layer is Layer.Io or Layer.Helper ? 0.4 : 0.5);
            var method = new ChainMethod(layer, baseName, shape, isAsync)
            {
                HasAsyncTwin = !isAsync && (layer is Layer.Repository or Layer.Service) && Chance(0.3),
            };

            if (callees is not null && Chance(callProbability))
            {
                (method.Callee, method.CallStyle) = ChooseCall(isAsync, shape, callees, CorpusStats.PlaceOf(layer));
            }

            if (Chance(BlockingInChainMethod))
            {
                method.Blocking = PlantBlocking(CorpusStats.PlaceOf(layer), isAsync);
            }

            methods.Add(method);
            stats.ChainMethods++;
        }
    }

    private void PlanHandlers(ModulePlan plan)
    {
        var controller = Chance(0.75);
        var minimal = Chance(0.45);
        var wcf = Chance(0.4);
        if (!controller && !minimal && !wcf)
        {
            controller = true;
        }

        if (controller)
        {
            AddHandlers(plan.ControllerActions, HandlerKind.ControllerAction, random.Next(3, 7), asyncProbability: 0.5, plan);
            stats.ControllerActions += plan.ControllerActions.Count;
            if (Chance(0.3))
            {
                plan.NonActionBlocking = PlantBlocking(CorpusStats.NonHandler, inAsyncCode: false);
            }
        }

        if (minimal)
        {
            AddHandlers(plan.Endpoints, HandlerKind.MinimalApi, random.Next(2, 5), asyncProbability: 0.5, plan);
            stats.MinimalApiHandlers += plan.Endpoints.Count;
        }

        if (wcf)
        {
            AddHandlers(plan.WcfOperations, HandlerKind.WcfOperation, random.Next(2, 6), asyncProbability: 0.4, plan);
            plan.WcfUsesServiceInterface = Chance(0.6);
            stats.WcfOperations += plan.WcfOperations.Count;
        }
    }

    private void AddHandlers(List<HandlerPlan> handlers, HandlerKind kind, int count, double asyncProbability, ModulePlan plan)
    {
        var singles = Pick(SingleQualifiers, SingleQualifiers.Length);
        var batches = Pick(BatchQualifiers, BatchQualifiers.Length);
        for (var i = 0; i < count && i < batches.Count; i++)
        {
            var shape = i == 0 ? Shape.Single : i == 1 ? Shape.Batch : (Chance(0.6) ? Shape.Single : Shape.Batch);
            var qualifier = shape == Shape.Single ? singles[i] : batches[i];
            var baseName = (kind, shape) switch
            {
                (HandlerKind.WcfOperation, Shape.Single) => "Get" + plan.Names.Entity + qualifier,
                (HandlerKind.WcfOperation, _) => "List" + qualifier + plan.Names.Plural,
                (_, Shape.Single) => "Get" + qualifier,
                _ => "List" + qualifier,
            };
            var isAsync = Chance(asyncProbability);
            var (service, style) = ChooseCall(isAsync, shape, plan.Services, CorpusStats.InHandler);
            var handler = new HandlerPlan(kind, baseName, shape, isAsync, service, style);
            if (Chance(BlockingInHandler))
            {
                handler.Blocking = PlantBlocking(CorpusStats.InHandler, isAsync);
            }

            handlers.Add(handler);
        }
    }

    private void PlanJob(ModulePlan plan)
    {
        if (!Chance(0.6))
        {
            return;
        }

        string[] names = { "RunNightly", "RebuildIndex", "PurgeExpired" };
        var count = random.Next(2, 4);
        for (var i = 0; i < count; i++)
        {
            var isAsync = Chance(0.5);
            var (target, style) = ChooseCall(isAsync, Shape.Batch, plan.Services, CorpusStats.NonHandler);
            var blocking = Chance(BlockingInJob) ? PlantBlocking(CorpusStats.NonHandler, isAsync) : (BlockingKind?)null;
            plan.JobMethods.Add(new JobMethodPlan(names[i], isAsync, target, style, blocking));
        }
    }

    /// <summary>
    /// Picks a callee of the same shape, usually one that suits the caller (an async caller prefers async methods), and
    /// decides how it is called. A sync caller of an async method blocks on it: sync-over-async, counted as blocking.
    /// </summary>
    private (ChainMethod Callee, CallStyle Style) ChooseCall(bool callerAsync, Shape shape, List<ChainMethod> candidates, string place)
    {
        var sameShape = candidates.FindAll(c => c.Shape == shape);
        var suitable = sameShape.FindAll(c => callerAsync ? c.IsAsync || c.HasAsyncTwin : !c.IsAsync);
        var pool = suitable.Count > 0 && Chance(0.8) ? suitable : sameShape;
        var callee = pool[random.Next(pool.Count)];

        CallStyle style;
        if (callee.IsAsync)
        {
            style = callerAsync ? CallStyle.Await : Chance(0.5) ? CallStyle.BlockOnResult : CallStyle.BlockOnGetResult;
        }
        else if (callee.HasAsyncTwin && callerAsync)
        {
            style = Chance(0.6) ? CallStyle.AwaitTwin : CallStyle.SyncDespiteTwin;
        }
        else
        {
            style = CallStyle.Direct;
        }

        if (style == CallStyle.BlockOnResult)
        {
            stats.RecordBlocking(BlockingKind.TaskResult, place, inAsyncCode: false);
        }
        else if (style == CallStyle.BlockOnGetResult)
        {
            stats.RecordBlocking(BlockingKind.GetAwaiterGetResult, place, inAsyncCode: false);
        }
        else if (style == CallStyle.SyncDespiteTwin)
        {
            stats.SyncCallsDespiteAsyncTwin++;
        }

        return (callee, style);
    }

    private BlockingKind PlantBlocking(string place, bool inAsyncCode)
    {
        // Kinds come from a shuffled bag of all kinds rather than independent draws, so even a small corpus has every
        // kind and no kind is over-represented by chance.
        if (_kindBag.Count == 0)
        {
            _kindBag.AddRange(Pick(BlockingKinds.All, BlockingKinds.All.Length));
        }

        var kind = _kindBag[^1];
        _kindBag.RemoveAt(_kindBag.Count - 1);
        stats.RecordBlocking(kind, place, inAsyncCode);
        return kind;
    }

    private bool Chance(double probability) => random.NextDouble() < probability;

    /// <summary>A random selection of <paramref name="count"/> distinct items, in random order.</summary>
    private List<T> Pick<T>(T[] items, int count)
    {
        var copy = new List<T>(items);
        for (var i = copy.Count - 1; i > 0; i--)
        {
            var j = random.Next(i + 1);
            (copy[i], copy[j]) = (copy[j], copy[i]);
        }

        return copy.GetRange(0, Math.Min(count, copy.Count));
    }
}
