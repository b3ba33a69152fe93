using System;
using System.IO;
using System.Linq;
using BurstAnalyzers.BuildTasks;
using BurstAnalyzers.FactsFiles;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.Build.Framework;
using Microsoft.Build.Utilities;
using Xunit;

namespace BurstAnalyzers.Tests.LibraryScan;

/// <summary>
/// The library scan's MSBuild task (src/BurstAnalyzers.BuildTasks/LibraryScanTask.cs) on the real packages: the facts
/// files it writes, read back with the analyzer's own parser, the cache that makes a second build read nothing but MVIDs,
/// and that nothing it meets fails the build.
/// </summary>
public sealed class LibraryScanTaskTests : IDisposable
{
    private readonly string _cache = Path.Combine(Path.GetTempPath(), "burst-facts-" + Guid.NewGuid().ToString("N"));

    [Fact]
    public void Writes_one_facts_file_per_assembly_with_records_and_a_second_run_reads_no_assembly()
    {
        var items = PackageSet.Resolve().Select(p => (ITaskItem)new TaskItem(p)).ToArray();
        var engine = new RecordingEngine();
        var cold = new LibraryScanTask { BuildEngine = engine, Assemblies = items, CacheDirectory = _cache };
        Assert.True(cold.Execute());

        Assert.Equal(items.Length, cold.AssembliesRead);
        var redis = Assert.Single(cold.FactsFiles, f => Path.GetFileName(f.ItemSpec) == "StackExchange.Redis.burstfacts");
        Assert.Equal(_cache, Path.GetDirectoryName(Path.GetDirectoryName(redis.ItemSpec)));
        Assert.All(cold.FactsFiles, f => Assert.True(new FileInfo(f.ItemSpec).Length > 0));
        var summary = Assert.Single(engine.MessageEvents, m => m.Importance == MessageImportance.Normal);
        Assert.Matches(@"^BurstAnalyzers: scanned \d+ assemblies \(\d+ members, \d+ blocking\) in \d+ ms$", summary.Text);
        Assert.StartsWith($"BurstAnalyzers: scanned {items.Length} assemblies (", summary.Text, StringComparison.Ordinal);

        var warm = new LibraryScanTask { BuildEngine = new RecordingEngine(), Assemblies = items, CacheDirectory = _cache };
        Assert.True(warm.Execute());
        Assert.Equal(0, warm.AssembliesRead);
        Assert.Equal(cold.FactsFiles.Select(f => f.ItemSpec), warm.FactsFiles.Select(f => f.ItemSpec));
    }

    /// <summary>A shared framework's assembly referenced as a package (a class library's
    /// Microsoft.Extensions.DependencyInjection) is the runtime's own: the task neither reads nor scans it.</summary>
    [Fact]
    public void A_shared_framework_assembly_given_as_a_package_is_not_scanned()
    {
        var container = typeof(Microsoft.Extensions.DependencyInjection.ServiceProvider).Assembly.Location;
        Assert.Equal("Microsoft.Extensions.DependencyInjection", Path.GetFileNameWithoutExtension(container));
        var task = new LibraryScanTask { BuildEngine = new RecordingEngine(), Assemblies = new ITaskItem[] { new TaskItem(container) }, CacheDirectory = _cache };

        Assert.True(task.Execute());
        Assert.Equal(0, task.AssembliesRead);
        Assert.Empty(task.FactsFiles);
    }

    [Fact]
    public void Every_line_decodes_with_the_analyzers_chains_file_parser()
    {
        var items = PackageSet.Resolve().Where(p => Path.GetFileName(p) == "StackExchange.Redis.dll").Select(p => (ITaskItem)new TaskItem(p)).ToArray();
        var task = new LibraryScanTask { BuildEngine = new RecordingEngine(), Assemblies = items, CacheDirectory = _cache };
        Assert.True(task.Execute());

        var lines = File.ReadAllLines(Assert.Single(task.FactsFiles).ItemSpec);
        Assert.NotEmpty(lines);
        var records = lines.Select(line => ChainsFile.DecodeRecord(ChainsFile.PayloadOf(line))).ToList();
        Assert.All(records, Assert.NotNull);
        var chains = records.Select(CarriedChain.TryParse).Where(c => c is not null).ToList();
        Assert.Equal(records.Count(r => !r!.StartsWith("runs\t", StringComparison.Ordinal) && !r.StartsWith("clean\t", StringComparison.Ordinal)), chains.Count);
        var stringGet = Assert.Single(chains, c => c!.MethodId == "M:StackExchange.Redis.IDatabase.StringGet(StackExchange.Redis.RedisKey,StackExchange.Redis.CommandFlags)")!;
        Assert.Equal(
            ("BURST004", 4, "IDatabase.StringGet → RedisDatabase.StringGet → RedisBase.ExecuteSync → ConnectionMultiplexer.ExecuteSyncImpl → Monitor.Wait", string.Empty, (Microsoft.CodeAnalysis.Location?)null),
            (stringGet.Rule, stringGet.Depth, stringGet.Text, stringGet.Path, stringGet.Location));
    }

    [Fact]
    public void A_changed_dependency_changes_the_cache_key_of_what_references_it()
    {
        var all = PackageSet.Resolve();
        var redis = all.Single(p => Path.GetFileName(p) == "StackExchange.Redis.dll");
        var pipelines = all.Where(p => Path.GetFileName(p) == "RESPite.dll").ToArray();
        Assert.Single(pipelines);

        var alone = new LibraryScanTask { BuildEngine = new RecordingEngine(), Assemblies = new ITaskItem[] { new TaskItem(redis) }, CacheDirectory = _cache };
        Assert.True(alone.Execute());
        var withDependency = new LibraryScanTask { BuildEngine = new RecordingEngine(), Assemblies = new ITaskItem[] { new TaskItem(redis), new TaskItem(pipelines[0]) }, CacheDirectory = _cache };
        Assert.True(withDependency.Execute());

        Assert.Equal(2, withDependency.AssembliesRead);
        Assert.NotEqual(
            Path.GetDirectoryName(alone.FactsFiles.Single(f => Path.GetFileName(f.ItemSpec) == "StackExchange.Redis.burstfacts").ItemSpec),
            Path.GetDirectoryName(withDependency.FactsFiles.Single(f => Path.GetFileName(f.ItemSpec) == "StackExchange.Redis.burstfacts").ItemSpec));
    }

    [Fact]
    public void An_unreadable_assembly_is_skipped_with_a_low_importance_message_and_the_build_goes_on()
    {
        Directory.CreateDirectory(_cache);
        var notAnAssembly = Path.Combine(_cache, "Vendor.Native.dll");
        File.WriteAllText(notAnAssembly, "not a PE file");
        var engine = new RecordingEngine();
        var task = new LibraryScanTask
        {
            BuildEngine = engine,
            Assemblies = new ITaskItem[] { new TaskItem(notAnAssembly), new TaskItem(Path.Combine(_cache, "Missing.dll")) },
            CacheDirectory = _cache,
        };

        Assert.True(task.Execute());
        Assert.Empty(task.FactsFiles);
        Assert.Empty(engine.Errors);
        Assert.Empty(engine.Warnings);
        Assert.Equal(2, engine.MessageEvents.Count);
        Assert.All(engine.MessageEvents, m => Assert.Equal(MessageImportance.Low, m.Importance));
        Assert.StartsWith($"BurstAnalyzers: library scan skips {notAnAssembly}: ", engine.MessageEvents[0].Text, StringComparison.Ordinal);
    }

    public void Dispose()
    {
        if (Directory.Exists(_cache))
        {
            Directory.Delete(_cache, recursive: true);
        }
    }
}
