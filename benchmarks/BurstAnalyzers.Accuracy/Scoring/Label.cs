using System;
using System.Collections.Generic;
using System.IO;

namespace BurstAnalyzers.Accuracy.Scoring;

/// <summary>
/// A hand-labelled blocking call: where it is, what kind of blocking, whether it runs on a request thread (in a
/// handler, in code a handler calls, in a DI factory a request resolves; not startup, not background work), and a
/// note in our own words. Labels list every blocking call we found reading the code, request path or not.
/// </summary>
public sealed record Label(Site Site, int LastLine, string Kind, bool RequestPath, string Note)
{
    /// <summary>Whether a diagnostic at <paramref name="site"/> points at this call (a call written over several lines
    /// is labelled with its line range, "20-27": tools anchor it on different lines).</summary>
    public bool Covers(Site site) => site.File == Site.File && site.Line >= Site.Line && site.Line <= LastLine;

    /// <summary>corpus/labels/{name}.tsv: file, line, kind, request path (yes/no), note; '#' starts a comment line.</summary>
    public static List<Label> Load(string path)
    {
        var labels = new List<Label>();
        foreach (var raw in File.ReadAllLines(path))
        {
            if (raw.Length == 0 || raw.StartsWith('#'))
            {
                continue;
            }

            var fields = raw.Split('\t');
            var range = fields.Length > 1 ? fields[1].Split('-') : Array.Empty<string>();
            if (fields.Length < 5 || !int.TryParse(range[0], out var line) || (range.Length > 1 && !int.TryParse(range[1], out _)))
            {
                throw new InvalidDataException($"{path}: expected 'file<TAB>line<TAB>kind<TAB>yes|no<TAB>note', got '{raw}'");
            }

            var last = range.Length > 1 ? int.Parse(range[1], System.Globalization.CultureInfo.InvariantCulture) : line;
            labels.Add(new Label(new Site(fields[0], line), last, fields[2], fields[3].Equals("yes", StringComparison.OrdinalIgnoreCase), fields[4]));
        }

        return labels;
    }
}
