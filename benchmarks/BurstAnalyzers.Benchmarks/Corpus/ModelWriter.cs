using System;
using System.Collections.Generic;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Writes a module's ordinary, non-handler code: entity, DTO and request types, a mapping class (LINQ, parsing, string
/// building) and a validator. This is most of a real code base, and analyzers pay for looking at it too.
/// </summary>
internal sealed class ModelWriter(Random random)
{
    private static readonly string[] Usings =
    {
        "System", "System.Collections.Generic", "System.Globalization", "System.Linq", "System.Text",
        "System.Text.Json.Serialization", "System.Text.RegularExpressions",
    };

    public IEnumerable<CorpusFile> Write(ModulePlan plan)
    {
        yield return WriteModels(plan);
        yield return WriteMapping(plan);
        yield return WriteValidator(plan);
    }

    private static CorpusFile WriteModels(ModulePlan plan)
    {
        var n = plan.Names;
        var w = new SourceWriter();
        w.Usings(Usings);
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        w.Open("public enum " + n.Status);
        foreach (var status in new[] { "Draft", "Open", "Closed", "Cancelled" })
        {
            w.Line(status + ",");
        }

        w.Close();
        w.Line();
        w.Line($"/// <summary>A stored {n.Entity.ToLowerInvariant()}.</summary>");
        w.Open("public sealed class " + n.Entity);
        w.Line("public int Id { get; set; }");
        w.Line("public string Name { get; set; } = string.Empty;");
        w.Line("public DateTime CreatedAt { get; set; }");
        w.Line($"public {n.Status} Status {{ get; set; }}");
        w.Line("public decimal Total { get; set; }");
        w.Line("public List<string> Tags { get; set; } = new List<string>();");
        foreach (var property in plan.ExtraProperties)
        {
            w.Line($"public {property.Type} {property.Name} {{ get; set; }}{Initializer(property)}");
        }

        w.Close();
        w.Line();
        w.Line($"/// <summary>What clients see of a {n.Entity.ToLowerInvariant()}.</summary>");
        w.Open("public sealed class " + n.Dto);
        WriteDtoProperty(w, "int", "Id", string.Empty);
        WriteDtoProperty(w, "string", "Name", " = string.Empty;");
        WriteDtoProperty(w, "string", "Status", " = string.Empty;");
        WriteDtoProperty(w, "decimal", "Total", string.Empty);
        WriteDtoProperty(w, "string", "Label", " = string.Empty;");
        WriteDtoProperty(w, "IReadOnlyList<string>", "Tags", " = Array.Empty<string>();");
        foreach (var property in plan.ExtraProperties)
        {
            WriteDtoProperty(w, property.Type, property.Name, Initializer(property));
        }

        w.Close();
        w.Line();
        w.Line($"public sealed record {n.CreateRequest}(string Name, decimal Total, string? Reference, IReadOnlyList<string>? Tags);");
        return w.ToFile(n.Folder + "/" + n.Entity + "Models.cs", CorpusLayer.Data);
    }

    private static void WriteDtoProperty(SourceWriter w, string type, string name, string initializer)
    {
        w.Line($"[JsonPropertyName(\"{char.ToLowerInvariant(name[0])}{name.Substring(1)}\")]");
        w.Line($"public {type} {name} {{ get; set; }}{initializer}");
        w.Line();
    }

    private static string Initializer(EntityProperty property) => property.Type == "string" ? " = string.Empty;" : string.Empty;

    private CorpusFile WriteMapping(ModulePlan plan)
    {
        var n = plan.Names;
        var entity = n.Entity;
        var w = new SourceWriter();
        w.Usings(Usings);
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        w.Open("public static class " + n.Mapping);
        w.Open($"public static {n.Dto} ToDto({entity} entity)");
        w.Line("ArgumentNullException.ThrowIfNull(entity);");
        w.Line($"return new {n.Dto}");
        w.Open();
        w.Line("Id = entity.Id,");
        w.Line("Name = entity.Name,");
        w.Line("Status = entity.Status.ToString(),");
        w.Line("Total = Math.Round(entity.Total, 2),");
        w.Line("Label = Describe(entity),");
        w.Line("Tags = entity.Tags.Distinct(StringComparer.OrdinalIgnoreCase).ToArray(),");
        foreach (var property in plan.ExtraProperties)
        {
            w.Line($"{property.Name} = entity.{property.Name},");
        }

        w.Close(";");
        w.Close();
        w.Line();
        w.Line($"public static List<{n.Dto}> ToDtos(IEnumerable<{entity}> entities) => entities.Select(ToDto).ToList();");
        w.Line();
        w.Open($"public static {entity} Parse(string raw, int id)");
        w.Line("var parts = raw.Split('|', StringSplitOptions.TrimEntries);");
        w.Line("var total = parts.Length > 1 && decimal.TryParse(parts[1], NumberStyles.Number, CultureInfo.InvariantCulture, out var parsed) ? parsed : 0m;");
        w.Line($"var status = parts.Length > 2 && Enum.TryParse<{n.Status}>(parts[2], ignoreCase: true, out var s) ? s : {n.Status}.Draft;");
        w.Line($"return new {entity}");
        w.Open();
        w.Line("Id = id,");
        w.Line("Name = parts.Length > 0 ? parts[0] : string.Empty,");
        w.Line("CreatedAt = DateTime.UtcNow,");
        w.Line("Status = status,");
        w.Line("Total = total,");
        w.Line("Tags = parts.Skip(3).Where(p => p.Length > 0).ToList(),");
        w.Close(";");
        w.Close();
        w.Line();
        w.Open($"public static List<{entity}> ParseMany(IEnumerable<string> lines, int page)");
        w.Line("return lines");
        w.Line("    .Select((line, index) => Parse(line, page * 100 + index))");
        w.Line("    .Where(e => e.Status != " + n.Status + ".Cancelled)");
        w.Line("    .ToList();");
        w.Close();
        w.Line();
        w.Open($"public static string Describe({entity} entity)");
        w.Line("var builder = new StringBuilder();");
        w.Line("builder.Append(entity.Name).Append(\" #\").Append(entity.Id.ToString(CultureInfo.InvariantCulture));");
        w.Open("if (entity.Tags.Count > 0)");
        w.Line("builder.Append(\" [\").Append(string.Join(\", \", entity.Tags)).Append(']');");
        w.Close();
        foreach (var property in plan.ExtraProperties)
        {
            if (property.Type == "string")
            {
                w.Open($"if (!string.IsNullOrWhiteSpace(entity.{property.Name}))");
                w.Line($"builder.Append(\" {property.Name}=\").Append(entity.{property.Name}.Trim());");
                w.Close();
            }
        }

        w.Line("return builder.ToString();");
        w.Close();
        w.Line();
        w.Open($"public static IReadOnlyDictionary<{n.Status}, decimal> TotalsByStatus(IEnumerable<{entity}> entities)");
        w.Line("return entities");
        w.Line("    .GroupBy(e => e.Status)");
        w.Line("    .OrderBy(g => g.Key)");
        w.Line("    .ToDictionary(g => g.Key, g => g.Sum(e => e.Total));");
        w.Close();
        w.Line();
        w.Open($"public static string ToCsv(IEnumerable<{n.Dto}> items)");
        w.Line("var builder = new StringBuilder();");
        w.Line("builder.AppendLine(\"id,name,status,total\");");
        w.Open("foreach (var item in items)");
        w.Line("builder.Append(item.Id).Append(',')");
        w.Line("    .Append(item.Name.Replace(\",\", \" \", StringComparison.Ordinal)).Append(',')");
        w.Line("    .Append(item.Status).Append(',')");
        w.Line("    .AppendLine(item.Total.ToString(\"0.00\", CultureInfo.InvariantCulture));");
        w.Close();
        w.Line("return builder.ToString();");
        w.Close();

        // A few utility methods of plain computation, as mapping classes accumulate over time.
        var utilities = random.Next(1, 4);
        for (var i = 1; i <= utilities; i++)
        {
            w.Line();
            w.Open($"public static int Score{i}(int value)");
            var next = OrdinarySnippets.WriteSome(w, random, "value", 1, entity, 2, 5);
            w.Line($"return value * {i + next};");
            w.Close();
        }

        w.Close();
        return w.ToFile(n.Folder + "/" + n.Mapping + ".cs", CorpusLayer.Data);
    }

    private static CorpusFile WriteValidator(ModulePlan plan)
    {
        var n = plan.Names;
        var w = new SourceWriter();
        w.Usings(Usings);
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        w.Open("public sealed class " + n.Validator);
        w.Line("private static readonly Regex ReferencePattern = new Regex(\"^[A-Z]{3}-[0-9]{4,}$\", RegexOptions.CultureInvariant);");
        w.Line();
        w.Open($"public IReadOnlyList<string> Validate({n.CreateRequest} request)");
        w.Line("var errors = new List<string>();");
        w.Open("if (string.IsNullOrWhiteSpace(request.Name))");
        w.Line("errors.Add(\"Name is required.\");");
        w.Close();
        w.Open("else if (request.Name.Length > 200)");
        w.Line("errors.Add(\"Name is too long.\");");
        w.Close();
        w.Open("if (request.Total < 0m)");
        w.Line("errors.Add(\"Total must not be negative.\");");
        w.Close();
        w.Open("if (request.Reference is { Length: > 0 } reference && !ReferencePattern.IsMatch(reference))");
        w.Line("errors.Add($\"Reference '{reference}' is not valid.\");");
        w.Close();
        w.Open("if (request.Tags is { Count: > 10 })");
        w.Line("errors.Add(\"At most 10 tags.\");");
        w.Close();
        w.Line("return errors;");
        w.Close();
        w.Line();
        w.Open($"public {n.Entity} ToEntity({n.CreateRequest} request, int id)");
        w.Line($"return new {n.Entity}");
        w.Open();
        w.Line("Id = id,");
        w.Line("Name = request.Name.Trim(),");
        w.Line("CreatedAt = DateTime.UtcNow,");
        w.Line($"Status = {n.Status}.Draft,");
        w.Line("Total = request.Total,");
        w.Line("Tags = request.Tags?.Select(t => t.Trim().ToLowerInvariant()).Distinct().ToList() ?? new List<string>(),");
        w.Close(";");
        w.Close();
        w.Close();
        return w.ToFile(n.Folder + "/" + n.Validator + ".cs", CorpusLayer.Data);
    }
}
