using System;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Writes a module's maintenance job: code that calls the same services as the handlers but never runs on a request
/// thread, so its blocking calls are not BurstAnalyzers' business (CA1849 still sees the ones in async methods).
/// </summary>
internal sealed class JobWriter(Random random)
{
    public CorpusFile Write(ModulePlan plan)
    {
        var n = plan.Names;
        var w = new SourceWriter();
        w.Usings(ChainWriter.Usings);
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        w.Open("public sealed class " + n.Job);
        var support = SupportMembers.None;
        foreach (var method in plan.JobMethods)
        {
            if (method.Blocking is { } kind)
            {
                support |= SupportMemberWriter.For(kind);
            }
        }

        SupportMemberWriter.WriteFields(w, support);
        w.Line($"private readonly {n.ServiceInterface} _service;");
        w.Line();
        w.Open($"public {n.Job}({n.ServiceInterface} service)");
        w.Line("_service = service;");
        w.Close();
        foreach (var method in plan.JobMethods)
        {
            w.Line();
            WriteMethod(w, method, n);
        }

        SupportMemberWriter.WriteMethods(w, support, n.Route);
        w.Close();
        return w.ToFile(n.Folder + "/" + n.Job + ".cs");
    }

    private void WriteMethod(SourceWriter w, JobMethodPlan method, ModuleNames n)
    {
        w.Open(method.IsAsync
            ? $"public async Task<int> {method.Name}Async(CancellationToken cancellationToken)"
            : $"public int {method.Name}()");
        w.Line("var processed = 0;");
        w.Open("for (var page = 0; page < 5; page++)");
        if (method.IsAsync)
        {
            w.Line("cancellationToken.ThrowIfCancellationRequested();");
        }

        var next = OrdinarySnippets.WriteSome(w, random, "page", 1, n.Entity, 0, 2);
        if (method.Blocking is { } blocking)
        {
            BlockingSnippets.Write(w, blocking, "page", next);
        }

        w.Line($"var batch = {CallRenderer.Call(method.CallStyle, "_service", method.Target, "page")};");
        w.Open("if (batch.Count == 0)");
        w.Line("break;");
        w.Close();
        w.Line("processed += batch.Count;");
        w.Close();
        if (method.IsAsync && !CallRenderer.Awaits(method.CallStyle))
        {
            w.Line("await Task.Yield();");
        }

        w.Line("return processed;");
        w.Close();
    }
}
