using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;

namespace BurstAnalyzers.Accuracy;

/// <summary>Command-line options; --help lists them.</summary>
public sealed class Options
{
    public const string Usage = """
        Scores BurstAnalyzers and its peers on the labelled corpus (benchmarks/BurstAnalyzers.Accuracy/corpus).

          --work DIR      where sources, builds and the report go (default: artifacts/accuracy)
          --mirror DIR    bare mirrors of the corpus repositories, {owner}+{name}/repo (default: /work/.mirror)
          --sources DIR   sources already checked out, one folder per corpus name (used before --mirror)
          --only NAMES    only these corpus projects (comma-separated)
          --burst-version V  reuse BurstAnalyzers.V.nupkg packed earlier into {work}/packages
          --no-fix        skip the two dotnet format passes with BurstAnalyzers' fixes and their rebuilds
          --compile-only  only restore and compile each project, retargeted, with every analyzer off (no tool runs:
                          the check for a new project before it is labelled)
          --help
        """;

    public string RepoRoot { get; private set; } = "";

    public string WorkDirectory { get; private set; } = "";

    public string MirrorDirectory { get; private set; } = "/work/.mirror";

    public string? SourcesDirectory { get; private set; }

    /// <summary>Corpus names to run, or null for all.</summary>
    public HashSet<string>? Only { get; private set; }

    public bool Fix { get; private set; } = true;

    public bool CompileOnly { get; private set; }

    public string? BurstVersion { get; private set; }

    public bool Help { get; private set; }

    public string CorpusDirectory => Path.Combine(RepoRoot, "benchmarks", "BurstAnalyzers.Accuracy", "corpus");

    public static Options Parse(string[] args)
    {
        var options = new Options();
        foreach (var attribute in typeof(Options).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>())
        {
            if (attribute.Key == "RepoRoot" && attribute.Value is { } root)
            {
                options.RepoRoot = Path.GetFullPath(root);
            }
        }

        for (var i = 0; i < args.Length; i++)
        {
            string Next() => i + 1 < args.Length ? args[++i] : throw new ArgumentException(args[i] + " needs a value");
            switch (args[i])
            {
                case "--work": options.WorkDirectory = Path.GetFullPath(Next()); break;
                case "--mirror": options.MirrorDirectory = Path.GetFullPath(Next()); break;
                case "--sources": options.SourcesDirectory = Path.GetFullPath(Next()); break;
                case "--only": options.Only = new HashSet<string>(Next().Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries), StringComparer.Ordinal); break;
                case "--no-fix": options.Fix = false; break;
                case "--compile-only": options.CompileOnly = true; break;
                case "--burst-version": options.BurstVersion = Next(); break;
                case "--help" or "-h": options.Help = true; break;
                default: throw new ArgumentException("Unknown option " + args[i] + "\n" + Usage);
            }
        }

        if (options.WorkDirectory.Length == 0)
        {
            options.WorkDirectory = Path.Combine(options.RepoRoot, "artifacts", "accuracy");
        }

        return options;
    }
}
