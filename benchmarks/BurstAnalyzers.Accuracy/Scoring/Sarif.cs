using System;
using System.Collections.Generic;
using System.IO;
using System.Text.Json;

namespace BurstAnalyzers.Accuracy.Scoring;

/// <summary>One reported diagnostic: its id, where it is, and the related locations a chain rule names.</summary>
public sealed record Reported(string Id, Site Site, IReadOnlyList<Site> Related, string Message);

/// <summary>Reads the compiler's SARIF 2.1 logs.</summary>
public static class Sarif
{
    public static List<Reported> Read(string path, string root)
    {
        var results = new List<Reported>();
        using var document = JsonDocument.Parse(File.ReadAllText(path));
        foreach (var run in document.RootElement.GetProperty("runs").EnumerateArray())
        {
            if (!run.TryGetProperty("results", out var items))
            {
                continue;
            }

            foreach (var result in items.EnumerateArray())
            {
                if (!result.TryGetProperty("locations", out var locations) || locations.GetArrayLength() == 0
                    || SiteOf(locations[0], root) is not { } site)
                {
                    continue;
                }

                var related = new List<Site>();
                if (result.TryGetProperty("relatedLocations", out var others))
                {
                    foreach (var other in others.EnumerateArray())
                    {
                        if (SiteOf(other, root) is { } relatedSite)
                        {
                            related.Add(relatedSite);
                        }
                    }
                }

                var message = result.TryGetProperty("message", out var m) && m.TryGetProperty("text", out var t) ? t.GetString() ?? "" : "";
                results.Add(new Reported(result.GetProperty("ruleId").GetString() ?? "", site, related, message));
            }
        }

        return results;
    }

    private static Site? SiteOf(JsonElement location, string root)
    {
        if (!location.TryGetProperty("physicalLocation", out var physical)
            || !physical.TryGetProperty("artifactLocation", out var artifact)
            || !artifact.TryGetProperty("uri", out var uri)
            || !physical.TryGetProperty("region", out var region)
            || !region.TryGetProperty("startLine", out var line))
        {
            return null;
        }

        var file = Uri.TryCreate(uri.GetString(), UriKind.Absolute, out var absolute) && absolute.IsFile ? absolute.LocalPath : uri.GetString() ?? "";
        var prefix = root.TrimEnd('/') + "/";
        if (!file.StartsWith(prefix, StringComparison.Ordinal))
        {
            return null; // generated files, files outside the corpus copy
        }

        return new Site(file[prefix.Length..], line.GetInt32());
    }
}
