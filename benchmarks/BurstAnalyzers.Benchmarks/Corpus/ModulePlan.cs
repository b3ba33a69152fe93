using System.Collections.Generic;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>An extra property of the module's entity and DTO.</summary>
internal sealed record EntityProperty(string Type, string Name);

/// <summary>Everything decided about one feature module before any of it is written.</summary>
internal sealed class ModulePlan(ModuleNames names)
{
    public ModuleNames Names { get; } = names;

    /// <summary>Entity properties beyond Id, Name, CreatedAt, Status, Total and Tags, which every entity has.</summary>
    public List<EntityProperty> ExtraProperties { get; } = new();

    public List<ChainMethod> Io { get; } = new();
    public List<ChainMethod> Helpers { get; } = new();
    public List<ChainMethod> Repository { get; } = new();
    public List<ChainMethod> Services { get; } = new();

    /// <summary>Whether the service depends on IRepository (true) or on the concrete repository class.</summary>
    public bool ServiceUsesRepositoryInterface { get; set; }

    public List<HandlerPlan> ControllerActions { get; } = new();
    /// <summary>A public [NonAction] method with a blocking call: not a handler.</summary>
    public BlockingKind? NonActionBlocking { get; set; }

    public List<HandlerPlan> Endpoints { get; } = new();

    public List<HandlerPlan> WcfOperations { get; } = new();
    /// <summary>Whether the WCF service holds the service by interface (true) or constructs the concrete classes.</summary>
    public bool WcfUsesServiceInterface { get; set; }

    public List<JobMethodPlan> JobMethods { get; } = new();

    /// <summary>Issue 35's shapes in this module; null when the corpus is generated without them.</summary>
    public IndirectPlan? Indirect { get; set; }

    public IEnumerable<ChainMethod> AllChainMethods()
    {
        foreach (var list in new[] { Services, Repository, Helpers, Io })
        {
            foreach (var method in list)
            {
                yield return method;
            }
        }
    }
}
