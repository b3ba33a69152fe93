using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using BurstAnalyzers.BuildTasks.LibraryScan;

namespace BurstAnalyzers.Tests.LibraryScan;

/// <summary>
/// The real packages the library scan is tested on (the test project references them): each package's assembly, as
/// the runtime loaded it (for Microsoft.Data.SqlClient the platform's implementation, not the lib/ placeholder), and the
/// assemblies they reference that are in the test output, as a build would pass them. Scanned once per test run.
/// </summary>
internal sealed class PackageSet
{
    /// <summary>The package assemblies, one type of each.</summary>
    public static IReadOnlyList<Type> Roots { get; } = new[]
    {
        typeof(StackExchange.Redis.IDatabase),
        typeof(MailKit.Net.Smtp.SmtpClient),
        typeof(RestSharp.RestClient),
        typeof(Npgsql.NpgsqlConnection),
        typeof(Dapper.SqlMapper),
        typeof(Microsoft.Data.SqlClient.SqlCommand),
        typeof(Azure.Storage.Blobs.BlobClient),
        typeof(MongoDB.Driver.IMongoCollection<>),
        typeof(Renci.SshNet.SftpClient),
        typeof(Polly.ResiliencePipeline),
    };

    private static readonly Lazy<PackageSet> s_scanned = new(() => new PackageSet(Roots));
    private static readonly Lazy<PackageSet> s_efCore = new(() => new PackageSet(new[] { typeof(Microsoft.EntityFrameworkCore.DbContext) }));

    private readonly Dictionary<string, List<string>> _byId = new(StringComparer.Ordinal);

    private PackageSet(IReadOnlyList<Type> roots)
    {
        Paths = Resolve(roots);
        var assemblies = Paths.Select(p => LibraryAssembly.TryOpen(p, out _)!).ToList();
        try
        {
            var stopwatch = Stopwatch.StartNew();
            var scanner = new LibraryScanner(assemblies);
            var records = scanner.Scan(assemblies.Select(a => a.Name).ToList());
            ColdMilliseconds = stopwatch.ElapsedMilliseconds;
            MembersConsidered = scanner.MembersConsidered;
            Records = records;
            foreach (var record in records.Values.SelectMany(r => r))
            {
                var parts = record.Split('\t');
                var id = parts[0] is "runs" or "clean" or "failure" or "miss" or "refresh" or "contended" ? parts[1] : parts[0];
                if (!_byId.TryGetValue(id, out var list))
                {
                    _byId[id] = list = new List<string>();
                }

                list.Add(record);
            }
        }
        finally
        {
            assemblies.ForEach(a => a.Dispose());
        }
    }

    public static PackageSet Scanned => s_scanned.Value;

    /// <summary>Microsoft.EntityFrameworkCore with what it references, scanned apart from the ten packages.</summary>
    public static PackageSet EfCore => s_efCore.Value;

    public IReadOnlyList<string> Paths { get; }

    public Dictionary<string, List<string>> Records { get; }

    public long ColdMilliseconds { get; }

    public int MembersConsidered { get; }

    /// <summary>Every record about the member with this id, in file order ("" when there is none).</summary>
    public string Facts(string id) => _byId.TryGetValue(id, out var records) ? string.Join("\n", records) : string.Empty;

    /// <summary>The roots' assembly files and every assembly of the test output they reference, directly or not.</summary>
    public static IReadOnlyList<string> Resolve() => Resolve(Roots);

    private static IReadOnlyList<string> Resolve(IReadOnlyList<Type> roots)
    {
        var byName = roots.ToDictionary(t => t.Assembly.GetName().Name!, t => t.Assembly.Location, StringComparer.OrdinalIgnoreCase);
        var paths = new List<string>();
        var seen = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        var pending = new Stack<string>(byName.Keys);
        while (pending.Count > 0)
        {
            var name = pending.Pop();
            if (!seen.Add(name))
            {
                continue;
            }

            var path = byName.TryGetValue(name, out var root) ? root : Path.Combine(AppContext.BaseDirectory, name + ".dll");
            if (!File.Exists(path) || BurstAnalyzers.BuildTasks.LibraryScan.FrameworkAssemblies.IsFramework(name))
            {
                continue; // the runtime's own (also a Microsoft.Extensions package in the test output: the task skips it)
            }

            paths.Add(path);
            using var assembly = LibraryAssembly.TryOpen(path, out _)!;
            foreach (var reference in assembly.References)
            {
                pending.Push(reference);
            }
        }

        paths.Sort(StringComparer.Ordinal);
        return paths;
    }
}
