using System;
using System.Collections.Generic;
using System.Linq;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Generates a deterministic corpus of about the requested number of lines: feature modules (models, mapping,
/// validator, I/O, helpers, repository, service, and a mix of controller, minimal API, WCF service and background job)
/// until the size is reached, plus the shared files. The same seed gives the same text, and a smaller corpus is a
/// prefix of a larger one, so sizes differ only in how much of the same code there is. With
/// <paramref name="indirect"/> (the default; off with --no-indirect-shapes) each module may also get issue 35's shapes:
/// DI-bound interfaces, abstract/virtual dispatch and deferred EF Core queries (<see cref="IndirectPlanner"/>), planned
/// with generators of their own so the other shapes are drawn exactly as without them; the corpus then also has a
/// shared DbContext in Contoso.Data.
/// </summary>
internal static class CorpusGenerator
{
    public static GeneratedCorpus Generate(int targetLines, int seed, bool indirect = true)
    {
        var random = new Random(seed);
        var stats = new CorpusStats();
        var planner = new ModulePlanner(random, stats);
        var indirectPlanner = indirect ? new IndirectPlanner(seed, stats) : null;
        var files = new List<CorpusFile> { SharedSources.CoreWcfStandIns() };
        var modules = new List<ModulePlan>();
        var lines = files[0].Lines;

        // Stops at the first module that reaches the target (counting the composition root, which grows with the
        // modules): the corpus overshoots by less than one module.
        while (lines + Closing(modules).Sum(f => f.Lines) < targetLines)
        {
            var index = modules.Count + 1;
            var plan = planner.Plan(index);
            foreach (var file in WriteModule(plan, random))
            {
                files.Add(file);
                lines += file.Lines;
            }

            if (indirectPlanner is not null)
            {
                plan.Indirect = indirectPlanner.Plan(index);
                var writer = new IndirectWriter(new Random(unchecked(seed * 7919 + index * 104729 + 36)), stats);
                foreach (var file in writer.Write(plan, plan.Indirect))
                {
                    files.Add(file);
                    lines += file.Lines;
                    stats.IndirectLines += file.Lines;
                }
            }

            modules.Add(plan);
        }

        foreach (var file in Closing(modules))
        {
            files.Add(file);
            lines += file.Lines;
            if (file.Layer == CorpusLayer.Data)
            {
                stats.IndirectLines += file.Lines;
            }
        }

        stats.Lines = lines;
        stats.Files = files.Count;
        stats.Modules = modules.Count;
        return new GeneratedCorpus(files, stats);
    }

    /// <summary>The files written after the modules: the composition root, and the shared DbContext if any module queries.</summary>
    private static IEnumerable<CorpusFile> Closing(IReadOnlyList<ModulePlan> modules)
    {
        yield return SharedSources.CompositionRoot(modules);
        if (modules.Any(m => m.Indirect?.Query is not null))
        {
            yield return IndirectWriter.DbContext(modules);
        }
    }

    private static IEnumerable<CorpusFile> WriteModule(ModulePlan plan, Random random)
    {
        foreach (var file in new ModelWriter(random).Write(plan))
        {
            yield return file;
        }

        foreach (var file in new ChainWriter(random).Write(plan))
        {
            yield return file;
        }

        if (plan.ControllerActions.Count > 0)
        {
            yield return new ControllerWriter(random).Write(plan);
        }

        if (plan.Endpoints.Count > 0)
        {
            yield return new EndpointsWriter(random).Write(plan);
        }

        if (plan.WcfOperations.Count > 0)
        {
            yield return new WcfWriter(random).Write(plan);
        }

        if (plan.JobMethods.Count > 0)
        {
            yield return new JobWriter(random).Write(plan);
        }
    }
}
