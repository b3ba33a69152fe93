using System.Diagnostics;
using BurstDemo.Infrastructure;

namespace BurstDemo.Variants;

/// <summary>
/// Prepares each variant in its own repository slice under the output folder — the sample as it is, fixed by
/// `dotnet format analyzers`, or adopted to BurstAnalyzers.Offload and fixed by our offload fix — and builds it once
/// in Release against the local nupkgs.
/// </summary>
internal sealed class VariantBuilder(string outputDirectory, TextWriter log)
{
    private static readonly TimeSpan RestoreTimeout = TimeSpan.FromMinutes(5);
    private static readonly TimeSpan FormatTimeout = TimeSpan.FromMinutes(5);
    private static readonly TimeSpan BuildTimeout = TimeSpan.FromMinutes(10);

    public async Task<BuiltVariant> BuildAsync(VariantKind kind, SampleServer server, CancellationToken cancellationToken)
    {
        var stopwatch = Stopwatch.StartNew();
        var root = server.VariantRoot(outputDirectory, kind);
        var sample = server.Directory(root);
        var project = server.Project(root);
        log.WriteLine($"  copying samples/{server.Name} to {root}");
        RepositorySlice.Create(root, server);

        var notes = "";
        switch (kind)
        {
            case VariantKind.Before:
                Restore(root, project);
                break;
            case VariantKind.Async:
                Restore(root, project);
                log.WriteLine("  dotnet format analyzers --diagnostics BURST001 BURST002 BURST003 BURST004 BURST005");
                DotNetCommand.RunOrFail("dotnet format (the async fixes)", root, FormatTimeout,
                    "format", "analyzers", project, "--no-restore", "--diagnostics", "BURST001", "BURST002", "BURST003", "BURST004", "BURST005");
                break;
            case VariantKind.Offload:
                log.WriteLine($"  adding the {server.OffloadPackageId} package and its registration");
                OffloadAdoption.Apply(server, sample);
                Restore(root, project);
                log.WriteLine("  applying the offload fix (Fix All in solution) in-process");
                var outcome = await OffloadFixRunner.ApplyAsync(server, sample, RestoredAssemblies.CompileReferences(project), cancellationToken);
                OffloadAdoption.Verify(server, sample);
                notes = $"offload fix: {outcome.DiagnosticsBefore} blocking calls found, {outcome.DiagnosticsAfter} left after Fix All; changed {string.Join(", ", outcome.ChangedFiles)}";
                log.WriteLine("  " + notes);
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(kind), kind, "The workaround runs the before build.");
        }

        log.WriteLine("  dotnet build -c Release");
        var build = DotNetCommand.RunOrFail($"Building the {kind.Name()} variant", root, BuildTimeout,
            "build", project, "-c", "Release", "--no-restore", "-nodeReuse:false");
        var warnings = BuildWarnings.Parse(build.Output, sample);
        var changes = LineDiff.Compare(server.SourceDirectory, sample);
        var assembly = server.Assembly(root);
        if (!File.Exists(assembly))
        {
            throw new DemoFailure($"The {kind.Name()} build succeeded but {assembly} is not there.");
        }

        log.WriteLine($"  built in {build.Duration.TotalSeconds:0} s: {warnings.Count} BURST warning(s){(changes.Count > 0 ? "; changed " + string.Join(", ", changes.Select(c => c.Summary)) : "")}");
        return new BuiltVariant(kind, root, assembly, warnings, changes, notes, stopwatch.Elapsed.TotalSeconds);
    }

    private static void Restore(string root, string project)
        => DotNetCommand.RunOrFail("Restoring the sample from the local nupkgs", root, RestoreTimeout, "restore", project, "-nodeReuse:false");
}
