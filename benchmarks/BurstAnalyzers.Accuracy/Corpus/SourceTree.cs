using System;
using System.IO;
using System.Text.RegularExpressions;
using BurstAnalyzers.Accuracy.Building;

namespace BurstAnalyzers.Accuracy.Corpus;

/// <summary>
/// Brings a corpus project's sources onto the disk, outside this repository: from a folder given with --sources
/// (sources/{name}, already checked out at the pinned commit), else from a bare mirror of the repository
/// ({mirror}/{owner}+{name}/repo, as the search tool's fetch leaves it) by `git archive` of the pinned commit, else a
/// `git clone` where the network allows it. Then the copy is made to build here: net10.0, package versions the
/// source serves, and every project importing the analyzer set (corpus.targets).
/// </summary>
public static class SourceTree
{
    public static string? Obtain(CorpusEntry entry, Options options, Action<string> log)
    {
        var destination = Path.Combine(options.WorkDirectory, "src", entry.Name);
        if (options.SourcesDirectory is { } given && Directory.Exists(Path.Combine(given, entry.Name)))
        {
            return Path.Combine(given, entry.Name);
        }

        if (Directory.Exists(destination) && Directory.GetFileSystemEntries(destination).Length > 0)
        {
            return destination;
        }

        Directory.CreateDirectory(destination);
        var mirror = Path.Combine(options.MirrorDirectory, entry.Repo.Replace('/', '+'), "repo");
        if (Directory.Exists(mirror))
        {
            log($"  extracting {entry.Repo}@{entry.Commit[..10]} from {mirror}");
            var archive = Path.Combine(options.WorkDirectory, entry.Name + ".tar");
            var (code, output) = DotNet.Run(options.WorkDirectory, "git", "--git-dir=" + mirror, "archive", "-o", archive, entry.Commit);
            if (code == 0)
            {
                (code, output) = DotNet.Run(destination, "tar", "-xf", archive);
                File.Delete(archive);
                if (code == 0)
                {
                    return destination;
                }
            }

            log("  " + output.Trim());
        }

        log($"  cloning https://github.com/{entry.Repo}");
        var clone = DotNet.Run(options.WorkDirectory, "git", "clone", "--quiet", $"https://github.com/{entry.Repo}", destination);
        if (clone.ExitCode == 0 && DotNet.Run(destination, "git", "checkout", "--quiet", entry.Commit).ExitCode == 0)
        {
            return destination;
        }

        log($"  not found: fetch {entry.Repo} into {options.MirrorDirectory}, or pass --sources with {entry.Name}/ checked out at {entry.Commit}");
        Directory.Delete(destination, recursive: true);
        return null;
    }

    /// <summary>
    /// Empty MSBuild files at the top of the work directory. MSBuild looks for Directory.Build.props/.targets and
    /// Directory.Packages.props in every folder above a project: without these, a corpus project that has none of its
    /// own would take this repository's (central package management, which rejects its versioned PackageReferences;
    /// our Nullable and LangVersion settings). A corpus repository's own files are nearer and still apply.
    /// </summary>
    public static void IsolateFromRepository(string workDirectory)
    {
        const string empty = "<Project>\n  <!-- Stops MSBuild from taking the BurstAnalyzers repository's file of this name for corpus builds. -->\n</Project>\n";
        foreach (var name in new[] { "Directory.Build.props", "Directory.Build.targets", "Directory.Packages.props" })
        {
            File.WriteAllText(Path.Combine(workDirectory, name), empty);
        }
    }

    /// <summary>A fresh, retargeted copy of <paramref name="sources"/> in <paramref name="copy"/>.</summary>
    public static void PrepareCopy(CorpusEntry entry, string sources, string copy, string targetsFile)
    {
        if (Directory.Exists(copy))
        {
            Directory.Delete(copy, recursive: true);
        }

        CopyDirectory(sources, copy);
        foreach (var edit in entry.Edits)
        {
            Apply(edit, copy);
        }

        foreach (var project in Directory.EnumerateFiles(copy, "*.csproj", SearchOption.AllDirectories))
        {
            var text = File.ReadAllText(project);
            text = Regex.Replace(text, "<TargetFrameworks?>[^<]*</TargetFrameworks?>", "<TargetFramework>net10.0</TargetFramework>");
            var end = text.LastIndexOf("</Project>", StringComparison.Ordinal);
            text = text[..end] + $"  {ImportOf(targetsFile)}\n" + text[end..];
            File.WriteAllText(project, text);
        }
    }

    /// <summary>
    /// A copy of a copy <see cref="PrepareCopy"/> made and a tool has since changed (the fix pass's result, for a
    /// second pass): its files as they are now, without bin and obj, each project importing <paramref name="targetsFile"/>
    /// where it imported <paramref name="fromTargets"/>, so that the first copy, its SARIF and its log stay as they were.
    /// </summary>
    public static void CopyPrepared(string from, string fromTargets, string copy, string targetsFile)
    {
        if (Directory.Exists(copy))
        {
            Directory.Delete(copy, recursive: true);
        }

        CopyDirectory(from, copy);
        foreach (var project in Directory.EnumerateFiles(copy, "*.csproj", SearchOption.AllDirectories))
        {
            File.WriteAllText(project, File.ReadAllText(project).Replace(ImportOf(fromTargets), ImportOf(targetsFile), StringComparison.Ordinal));
        }
    }

    private static string ImportOf(string targetsFile) => $"<Import Project=\"{targetsFile}\" />";

    private static void Apply(SourceEdit edit, string copy)
    {
        var path = Path.Combine(copy, edit.File);
        var text = File.ReadAllText(path);
        var at = text.IndexOf(edit.Find, StringComparison.Ordinal);
        if (at < 0 || text.IndexOf(edit.Find, at + 1, StringComparison.Ordinal) >= 0
            || edit.Find.Split('\n').Length != edit.Replace.Split('\n').Length)
        {
            throw new InvalidDataException($"{edit.File}: an edit must find its text exactly once and keep the line count ('{edit.Find}')");
        }

        File.WriteAllText(path, text[..at] + edit.Replace + text[(at + edit.Find.Length)..]);
    }

    private static void CopyDirectory(string from, string to)
    {
        Directory.CreateDirectory(to);
        foreach (var file in Directory.EnumerateFiles(from))
        {
            File.Copy(file, Path.Combine(to, Path.GetFileName(file)));
        }

        foreach (var directory in Directory.EnumerateDirectories(from))
        {
            var name = Path.GetFileName(directory);
            if (name is ".git" or "bin" or "obj")
            {
                continue;
            }

            CopyDirectory(directory, Path.Combine(to, name));
        }
    }
}
