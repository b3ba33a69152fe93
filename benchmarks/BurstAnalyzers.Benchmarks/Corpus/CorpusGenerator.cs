using System;
using System.Collections.Generic;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Generates a deterministic corpus of about the requested number of lines: feature modules (models, mapping,
/// validator, I/O, helpers, repository, service, and a mix of controller, minimal API, WCF service and background job)
/// until the size is reached, plus the shared files. The same seed gives the same text, and a smaller corpus is a
/// prefix of a larger one, so sizes differ only in how much of the same code there is.
/// </summary>
internal static class CorpusGenerator
{
    public static GeneratedCorpus Generate(int targetLines, int seed)
    {
        var random = new Random(seed);
        var stats = new CorpusStats();
        var planner = new ModulePlanner(random, stats);
        var files = new List<CorpusFile> { SharedSources.CoreWcfStandIns() };
        var modules = new List<ModulePlan>();
        var lines = files[0].Lines;

        // Stops at the first module that reaches the target (counting the composition root, which grows with the
        // modules): the corpus overshoots by less than one module.
        while (lines + SharedSources.CompositionRoot(modules).Lines < targetLines)
        {
            var plan = planner.Plan(modules.Count + 1);
            foreach (var file in WriteModule(plan, random))
            {
                files.Add(file);
                lines += file.Lines;
            }

            modules.Add(plan);
        }

        var root = SharedSources.CompositionRoot(modules);
        files.Add(root);
        stats.Lines = lines + root.Lines;
        stats.Files = files.Count;
        stats.Modules = modules.Count;
        return new GeneratedCorpus(files, stats);
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
