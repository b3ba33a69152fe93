using System;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Everyday statements with no blocking in them (string work, LINQ, collections, guards) that fill method bodies the
/// way most request code is filled. They give the analyzers plenty of invocations and operations to look at and reject.
/// </summary>
internal static class OrdinarySnippets
{
    private const int Count = 10;

    /// <summary>Writes one randomly chosen snippet. <paramref name="parameter"/> is an int parameter in scope.</summary>
    public static void Write(SourceWriter w, Random random, string parameter, int n, string entity)
    {
        var p = parameter;
        var k = random.Next(2, 9);
        switch (random.Next(Count))
        {
            case 0:
                w.Line($"var key{n} = string.Join(\":\", \"{entity.ToLowerInvariant()}\", {p}.ToString(CultureInfo.InvariantCulture), \"v{k}\");");
                break;
            case 1:
                w.Line($"var tags{n} = new[] {{ \"priority\", \"standard\", \"archived\", \"express\" }}");
                w.Line($"    .Where(t => t.Length > {k})");
                w.Line("    .Select(t => t.ToUpperInvariant())");
                w.Line("    .OrderBy(t => t, StringComparer.Ordinal)");
                w.Line("    .ToList();");
                break;
            case 2:
                w.Line($"var total{n} = Enumerable.Range(1, {p} % 10 + 1).Where(x => x % 2 == 0).Sum(x => x * {k});");
                break;
            case 3:
                w.Open($"if ({p} < 0)");
                w.Line($"throw new ArgumentOutOfRangeException(nameof({p}), {p}, \"Must not be negative.\");");
                w.Close();
                break;
            case 4:
                w.Line($"var builder{n} = new StringBuilder();");
                w.Open($"for (var i = 0; i < {k}; i++)");
                w.Line($"builder{n}.Append(i).Append(',');");
                w.Close();
                w.Line($"var csv{n} = builder{n}.ToString().TrimEnd(',');");
                break;
            case 5:
                w.Line($"var lookup{n} = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase) {{ [\"a\"] = 1, [\"b\"] = {p} }};");
                w.Open($"if (!lookup{n}.TryGetValue(\"c\", out var found{n}))");
                w.Line($"found{n} = lookup{n}.Count;");
                w.Close();
                break;
            case 6:
                w.Line($"var label{n} = $\"{entity}-{{{p}:D6}}-{{DateTime.UtcNow:yyyyMMdd}}\";");
                break;
            case 7:
                w.Line($"var bucket{n} = ({p} % 4) switch");
                w.Open();
                w.Line("0 => \"none\",");
                w.Line("1 => \"low\",");
                w.Line("2 => \"medium\",");
                w.Line("_ => \"high\",");
                w.Close(";");
                break;
            case 8:
                w.Line($"var window{n} = DateTime.UtcNow.AddDays(-{k}).Date;");
                w.Line($"var isRecent{n} = window{n} > DateTime.UtcNow.AddMonths(-1);");
                break;
            default:
                w.Line($"var groups{n} = Enumerable.Range(0, {k + 5})");
                w.Line($"    .Select(i => new {{ Key = i % 3, Value = i * {p} }})");
                w.Line("    .GroupBy(x => x.Key)");
                w.Line("    .ToDictionary(g => g.Key, g => g.Sum(x => x.Value));");
                break;
        }
    }

    /// <summary>Writes between <paramref name="min"/> and <paramref name="max"/> snippets, numbering from <paramref name="n"/>.</summary>
    public static int WriteSome(SourceWriter w, Random random, string parameter, int n, string entity, int min, int max)
    {
        var count = random.Next(min, max + 1);
        for (var i = 0; i < count; i++)
        {
            Write(w, random, parameter, n++, entity);
        }

        return n;
    }
}
