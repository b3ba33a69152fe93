namespace BurstDemo.Variants;

/// <summary>
/// What a fix changed in the sample, file by file: lines removed and added (a longest-common-subsequence diff, enough
/// for files of a few dozen lines), for the "what did the fix do" summary in the console and the report.
/// </summary>
internal static class LineDiff
{
    /// <summary>A changed file: its removed ("-…") and added ("+…") lines, in file order.</summary>
    public sealed record FileChange(string File, IReadOnlyList<string> Lines)
    {
        public int Removed => Lines.Count(l => l[0] == '-');

        public int Added => Lines.Count(l => l[0] == '+');

        public string Summary => $"{File} -{Removed} +{Added}";
    }

    public static IReadOnlyList<FileChange> Compare(string originalDirectory, string changedDirectory)
    {
        var original = RepositorySlice.SourceFiles(originalDirectory).ToDictionary(f => f.Relative, f => f.Path);
        var changed = RepositorySlice.SourceFiles(changedDirectory).ToDictionary(f => f.Relative, f => f.Path);
        var changes = new List<FileChange>();
        foreach (var file in original.Keys.Union(changed.Keys).Order(StringComparer.Ordinal))
        {
            var before = original.TryGetValue(file, out var a) ? File.ReadAllLines(a) : Array.Empty<string>();
            var after = changed.TryGetValue(file, out var b) ? File.ReadAllLines(b) : Array.Empty<string>();
            var lines = Diff(before, after);
            if (lines.Count > 0)
            {
                changes.Add(new FileChange(file.Replace(Path.DirectorySeparatorChar, '/'), lines));
            }
        }

        return changes;
    }

    private static List<string> Diff(string[] before, string[] after)
    {
        // lcs[i, j] = length of the longest common subsequence of before[i..] and after[j..].
        var lcs = new int[before.Length + 1, after.Length + 1];
        for (var i = before.Length - 1; i >= 0; i--)
        {
            for (var j = after.Length - 1; j >= 0; j--)
            {
                lcs[i, j] = before[i] == after[j] ? lcs[i + 1, j + 1] + 1 : Math.Max(lcs[i + 1, j], lcs[i, j + 1]);
            }
        }

        var lines = new List<string>();
        int x = 0, y = 0;
        while (x < before.Length || y < after.Length)
        {
            if (x < before.Length && y < after.Length && before[x] == after[y])
            {
                x++;
                y++;
            }
            else if (x < before.Length && (y == after.Length || lcs[x + 1, y] >= lcs[x, y + 1]))
            {
                lines.Add("-" + before[x++]); // removals first, like a unified diff
            }
            else
            {
                lines.Add("+" + after[y++]);
            }
        }

        return lines;
    }
}
