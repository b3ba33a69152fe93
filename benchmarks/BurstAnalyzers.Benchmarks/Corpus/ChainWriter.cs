using System;
using System.Collections.Generic;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Writes the layers below the handlers: I/O and helper static classes, the repository and the service (each an
/// interface plus its implementation), one file each. Every method does some ordinary work, may hold a planted
/// blocking call, and calls into the layer below as planned.
/// </summary>
internal sealed class ChainWriter(Random random)
{
    public static readonly string[] Usings =
    {
        "System", "System.Collections.Concurrent", "System.Collections.Generic", "System.Globalization", "System.IO",
        "System.Linq", "System.Net.Http", "System.Text", "System.Threading", "System.Threading.Tasks",
    };

    public IEnumerable<CorpusFile> Write(ModulePlan plan)
    {
        var n = plan.Names;
        yield return WriteStaticClass(plan, n.Io, plan.Io, SupportMembers.DataPath, CorpusLayer.Data);
        yield return WriteStaticClass(plan, n.Helpers, plan.Helpers, SupportMembers.None, CorpusLayer.Services);
        yield return WriteInstanceLayer(plan, n.RepositoryInterface, n.Repository, plan.Repository);
        yield return WriteInstanceLayer(plan, n.ServiceInterface, n.Service, plan.Services);
    }

    private CorpusFile WriteStaticClass(ModulePlan plan, string className, List<ChainMethod> methods, SupportMembers always, CorpusLayer layer)
    {
        var w = new SourceWriter();
        w.Usings(Usings);
        w.Line("namespace " + plan.Names.Namespace + ";");
        w.Line();
        w.Line("/// <summary>Low-level access for " + plan.Names.Plural.ToLowerInvariant() + ".</summary>");
        w.Open("public static class " + className);
        var support = always | SupportFor(methods);
        SupportMemberWriter.WriteFields(w, support);
        for (var i = 0; i < methods.Count; i++)
        {
            if (i > 0)
            {
                w.Line();
            }

            WriteMethod(w, plan, methods[i], isStatic: true);
        }

        SupportMemberWriter.WriteMethods(w, support, plan.Names.Route);
        w.Close();
        return w.ToFile(plan.Names.Folder + "/" + className + ".cs", layer);
    }

    private CorpusFile WriteInstanceLayer(ModulePlan plan, string interfaceName, string className, List<ChainMethod> methods)
    {
        var names = plan.Names;
        var w = new SourceWriter();
        w.Usings(Usings);
        w.Line("namespace " + names.Namespace + ";");
        w.Line();
        w.Open("public interface " + interfaceName);
        foreach (var method in methods)
        {
            w.Line($"{CallRenderer.ReturnType(method, names)} {method.Name}(int {method.Parameter});");
            if (method.HasAsyncTwin)
            {
                w.Line($"Task<{CallRenderer.ResultType(method, names)}> {method.BaseName}Async(int {method.Parameter});");
            }
        }

        w.Close();
        w.Line();
        w.Open($"public sealed class {className} : {interfaceName}");
        var support = SupportFor(methods);
        SupportMemberWriter.WriteFields(w, support);
        if (methods[0].Layer == Layer.Repository)
        {
            w.Line($"private readonly ConcurrentDictionary<int, {names.Entity}> _cache = new ConcurrentDictionary<int, {names.Entity}>();");
        }
        else
        {
            var dependency = plan.ServiceUsesRepositoryInterface ? names.RepositoryInterface : names.Repository;
            w.Line($"private readonly {dependency} _repository;");
            w.Line();
            w.Open($"public {className}({dependency} repository)");
            w.Line("_repository = repository ?? throw new ArgumentNullException(nameof(repository));");
            w.Close();
        }

        foreach (var method in methods)
        {
            w.Line();
            WriteMethod(w, plan, method, isStatic: false);
            if (method.HasAsyncTwin)
            {
                w.Line();
                w.Line($"public Task<{CallRenderer.ResultType(method, names)}> {method.BaseName}Async(int {method.Parameter}) =>");
                w.Line($"    Task.Run(() => {method.Name}({method.Parameter}));");
            }
        }

        SupportMemberWriter.WriteMethods(w, support, names.Route);
        w.Close();
        return w.ToFile(names.Folder + "/" + className + ".cs", CorpusLayer.Services);
    }

    private void WriteMethod(SourceWriter w, ModulePlan plan, ChainMethod method, bool isStatic)
    {
        var names = plan.Names;
        var p = method.Parameter;
        var modifiers = "public " + (isStatic ? "static " : string.Empty) + (method.IsAsync ? "async " : string.Empty);
        w.Open($"{modifiers}{CallRenderer.ReturnType(method, names)} {method.Name}(int {p})");
        var n = OrdinarySnippets.WriteSome(w, random, p, 1, names.Entity, 0, 3);
        if (method.Blocking is { } blocking)
        {
            BlockingSnippets.Write(w, blocking, p, n++);
        }

        var awaited = false;
        string? result = null;
        if (method.Callee is { } callee)
        {
            var receiver = callee.Layer switch
            {
                Layer.Io => names.Io,
                Layer.Helper => names.Helpers,
                _ => "_repository",
            };
            // Library-style code below the repository uses ConfigureAwait(false); services and repositories do not.
            var lowLevel = callee.Layer is Layer.Io or Layer.Helper;
            result = lowLevel ? (callee.Shape == Shape.Single ? "raw" : "lines")
                : callee.Shape == Shape.Single ? "entity" : "entities";
            w.Line($"var {result} = {CallRenderer.Call(method.CallStyle, receiver, callee, p, configureAwait: lowLevel)};");
            awaited = CallRenderer.Awaits(method.CallStyle);
        }

        if (method.IsAsync && !awaited && method.Layer != Layer.Io)
        {
            // An async method with nothing else to await still yields once, as real code awaits something.
            w.Line("await Task.Yield();");
        }

        WriteResult(w, plan, method, result);
        w.Close();
    }

    private static void WriteResult(SourceWriter w, ModulePlan plan, ChainMethod method, string? callResult)
    {
        var names = plan.Names;
        var entity = names.Entity;
        switch (method.Layer, method.Shape)
        {
            case (Layer.Io, Shape.Single):
                var fallback = $"string.Join(\"|\", \"{entity} \" + id, (id * 3).ToString(CultureInfo.InvariantCulture) + \".50\", \"Open\")";
                if (method.IsAsync)
                {
                    w.Line("var text = await File.ReadAllTextAsync(DataPath(id)).ConfigureAwait(false);");
                    w.Line($"return text.Length > 0 ? text : {fallback};");
                }
                else
                {
                    w.Line($"return {fallback};");
                }

                break;
            case (Layer.Io, _):
                var generated = $"Enumerable.Range(page * 20, 20).Select(i => \"{entity} \" + i + \"|\" + i + \".25|Open\").ToArray()";
                if (method.IsAsync)
                {
                    w.Line("var fileLines = await File.ReadAllLinesAsync(DataPath(page)).ConfigureAwait(false);");
                    w.Line($"return fileLines.Length > 0 ? fileLines : {generated};");
                }
                else
                {
                    w.Line($"return {generated};");
                }

                break;
            case (Layer.Helper, Shape.Single):
                w.Line(callResult is null ? $"return \"{entity} \" + id + \"|0.00|Draft\";" : "return raw.Trim();");
                break;
            case (Layer.Helper, _):
                w.Line(callResult is null
                    ? $"return Enumerable.Range(page * 10, 10).Select(i => \"{entity} \" + i + \"|\" + i + \".00|Open\").ToList();"
                    : "return lines.Where(line => line.Length > 0).Select(line => line.Trim()).ToList();");
                break;
            case (Layer.Repository, Shape.Single):
                if (callResult is null)
                {
                    w.Open("if (_cache.TryGetValue(id, out var cached))");
                    w.Line("return cached;");
                    w.Close();
                    w.Line($"return new {entity} {{ Id = id, Name = \"{entity} \" + id, CreatedAt = DateTime.UtcNow, Status = {names.Status}.Open }};");
                }
                else
                {
                    w.Line($"var parsed = {names.Mapping}.Parse(raw, id);");
                    w.Line("_cache[id] = parsed;");
                    w.Line("return parsed;");
                }

                break;
            case (Layer.Repository, _):
                w.Line(callResult is null
                    ? "return _cache.Values.OrderBy(e => e.Id).Skip(page * 20).Take(20).ToList();"
                    : $"return {names.Mapping}.ParseMany(lines, page);");
                break;
            case (Layer.Service, Shape.Single):
                w.Line(callResult is null
                    ? $"return {names.Mapping}.ToDto(new {entity} {{ Id = id, Name = \"{entity} \" + id, CreatedAt = DateTime.UtcNow }});"
                    : $"return {names.Mapping}.ToDto(entity);");
                break;
            default:
                if (callResult is null)
                {
                    w.Line($"return new List<{names.Dto}>();");
                }
                else
                {
                    w.Line($"return {names.Mapping}.ToDtos(entities)");
                    w.Line("    .Where(d => d.Total >= 0m)");
                    w.Line("    .OrderBy(d => d.Name, StringComparer.Ordinal)");
                    w.Line("    .ToList();");
                }

                break;
        }
    }

    private static SupportMembers SupportFor(List<ChainMethod> methods)
    {
        var support = SupportMembers.None;
        foreach (var method in methods)
        {
            if (method.Blocking is { } kind)
            {
                support |= SupportMemberWriter.For(kind);
            }
        }

        return support;
    }
}
