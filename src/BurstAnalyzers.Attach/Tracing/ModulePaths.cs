using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace BurstAnalyzers.Attach.Tracing;

/// <summary>
/// The real file of a module. TraceLog lower-cases the path of a module loaded after the session began (a library first
/// called while attached); on a case-sensitive file system that path does not exist, and the report needs both the
/// assembly's spelling and its metadata. Resolved once per path, segment by segment, ignoring case.
/// </summary>
internal sealed class ModulePaths
{
    private const int MaxCached = 10_000;

    private readonly Dictionary<string, string?> _resolved = new(StringComparer.Ordinal);

    public string? Resolve(string? path)
    {
        if (string.IsNullOrEmpty(path))
        {
            return null;
        }

        if (_resolved.TryGetValue(path, out string? known))
        {
            return known;
        }

        if (_resolved.Count >= MaxCached)
        {
            _resolved.Clear();
        }

        string? real = File.Exists(path) ? path : IgnoringCase(path);
        _resolved[path] = real;
        return real;
    }

    private static string? IgnoringCase(string path)
    {
        try
        {
            string? root = Path.GetPathRoot(path);
            if (string.IsNullOrEmpty(root))
            {
                return null;
            }

            string current = root;
            foreach (string segment in path[root.Length..].Split(Path.DirectorySeparatorChar, StringSplitOptions.RemoveEmptyEntries))
            {
                string? match = Directory.EnumerateFileSystemEntries(current)
                    .FirstOrDefault(e => string.Equals(Path.GetFileName(e), segment, StringComparison.OrdinalIgnoreCase));
                if (match is null)
                {
                    return null;
                }

                current = match;
            }

            return File.Exists(current) ? current : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }
}
