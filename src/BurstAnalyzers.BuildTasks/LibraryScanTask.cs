using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using BurstAnalyzers.BuildTasks.LibraryScan;
using Microsoft.Build.Framework;
using Microsoft.Build.Utilities;

namespace BurstAnalyzers.BuildTasks;

/// <summary>
/// Scans the referenced libraries' IL for public members that block (<see cref="LibraryScanner"/>) and writes one facts
/// file per assembly, <c>&lt;CacheDirectory&gt;/&lt;key&gt;/&lt;assembly name&gt;.burstfacts</c>, for the analyzer to read as an
/// additional file (docs/library-facts.md). The key is the assembly's MVID and those of the assemblies of the set it
/// references, directly or not: a file that exists is current, so an incremental build reads nothing but MVIDs. Never
/// fails the build: an assembly it cannot read is left out with a low-importance message.
/// </summary>
public sealed class LibraryScanTask : Microsoft.Build.Utilities.Task
{
    /// <summary>Changes when the scan's results would: old cache entries are then not reused.</summary>
    private const string ScanVersion = "8";

    /// <summary>Full paths of the implementation assemblies to scan: every non-framework reference (calls are followed
    /// among them).</summary>
    [Required]
    public ITaskItem[] Assemblies { get; set; } = Array.Empty<ITaskItem>();

    [Required]
    public string CacheDirectory { get; set; } = string.Empty;

    /// <summary>The facts files of the assemblies with at least one record.</summary>
    [Output]
    public ITaskItem[] FactsFiles { get; private set; } = Array.Empty<ITaskItem>();

    /// <summary>Assemblies whose method bodies this run read (0 when every facts file was cached).</summary>
    internal int AssembliesRead { get; private set; }

    public override bool Execute()
    {
        var stopwatch = Stopwatch.StartNew();
        var opened = new List<LibraryAssembly>();
        try
        {
            var byName = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase);
            foreach (var item in Assemblies)
            {
                var path = item.GetMetadata("FullPath");
                // The runtime's own, also where a project references it as a package (a class library's
                // Microsoft.Extensions.DependencyInjection): its calls are the scan's boundary, as in a web project,
                // where the shared framework brings it. Following into it finds one-time work (building the container,
                // a deep-stack fallback's wait) on every path that touches a service.
                if (FrameworkAssemblies.IsFramework(Path.GetFileNameWithoutExtension(path)))
                {
                    continue;
                }

                if (LibraryAssembly.TryOpen(path, out var problem) is not { } assembly)
                {
                    Log.LogMessage(MessageImportance.Low, "BurstAnalyzers: library scan skips {0}: {1}", path, problem);
                    continue;
                }

                if (byName.ContainsKey(assembly.Name))
                {
                    assembly.Dispose();
                    continue;
                }

                byName[assembly.Name] = opened.Count;
                opened.Add(assembly);
            }

            var files = new string[opened.Count];
            var missing = new List<int>();
            for (var i = 0; i < opened.Count; i++)
            {
                var closure = LibraryAssembly.ClosureOf(opened, byName, i);
                files[i] = Path.Combine(CacheDirectory, KeyOf(opened, i, closure), opened[i].Name + FactsFile.Extension);
                if (!File.Exists(files[i]))
                {
                    missing.Add(i);
                }
            }

            if (missing.Count > 0)
            {
                Scan(opened, byName, missing, files, stopwatch);
            }

            FactsFiles = files
                .Where(f => File.Exists(f) && new FileInfo(f).Length > 0)
                .Select(f => (ITaskItem)new TaskItem(f))
                .ToArray();
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            // The facts only sharpen the analyzer's reports: without them it reports by name, as before. Never a failed build.
            Log.LogMessage(MessageImportance.Normal, "BurstAnalyzers: library scan stopped: {0}", e.Message);
        }
        finally
        {
            foreach (var assembly in opened)
            {
                assembly.Dispose();
            }
        }

        return true;
    }

    private void Scan(List<LibraryAssembly> opened, Dictionary<string, int> byName, List<int> missing, string[] files, Stopwatch stopwatch)
    {
        // The missing assemblies and what they reference: their facts depend on nothing else.
        var needed = new SortedSet<int>();
        foreach (var i in missing)
        {
            needed.UnionWith(LibraryAssembly.ClosureOf(opened, byName, i));
        }

        var set = needed.Select(i => opened[i]).ToList();
        AssembliesRead = set.Count;
        var scanner = new LibraryScanner(set);
        var records = scanner.Scan(missing.Select(i => opened[i].Name).ToList());
        var blocking = 0;
        foreach (var i in missing)
        {
            var list = records.TryGetValue(opened[i].Name, out var r) ? r : new List<string>();
            blocking += list.Count(FactsFile.IsBlocking);
            WriteAtomically(files[i], FactsFile.Text(list));
        }

        Log.LogMessage(
            MessageImportance.Normal,
            "BurstAnalyzers: scanned {0} assemblies ({1} members, {2} blocking) in {3} ms",
            set.Count,
            scanner.MembersConsidered,
            blocking,
            stopwatch.ElapsedMilliseconds);
    }

    /// <summary>Parallel builds may scan the same assembly: each writes a whole file and moves it in place.</summary>
    private static void WriteAtomically(string path, string text)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        var temporary = path + "." + Guid.NewGuid().ToString("N") + ".tmp";
        File.WriteAllText(temporary, text, new UTF8Encoding(false));
        try
        {
            File.Move(temporary, path);
        }
        catch (IOException) when (File.Exists(path))
        {
            File.Delete(temporary); // another build wrote the same facts first
        }
    }

    private static string KeyOf(List<LibraryAssembly> opened, int index, HashSet<int> closure)
    {
        var text = new StringBuilder(ScanVersion).Append('|').Append(opened[index].Mvid.ToString("N"));
        foreach (var mvid in closure.Where(i => i != index).Select(i => opened[i].Mvid.ToString("N")).OrderBy(m => m, StringComparer.Ordinal))
        {
            text.Append('|').Append(mvid);
        }

        using var sha = SHA256.Create();
        var hash = sha.ComputeHash(Encoding.UTF8.GetBytes(text.ToString()));
        return string.Concat(hash.Take(8).Select(b => b.ToString("x2", CultureInfo.InvariantCulture)));
    }
}
