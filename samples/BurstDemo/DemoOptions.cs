using System.Globalization;
using BurstDemo.Infrastructure;
using BurstDemo.Variants;

namespace BurstDemo;

/// <summary>The command line: burst size, operation delay, which scenarios and variants, where the results go.</summary>
internal sealed record DemoOptions(
    int Requests,
    int DelayMs,
    IReadOnlyList<string> Scenarios,
    IReadOnlyList<VariantKind> Variants,
    string OutputDirectory,
    string? JsonPath,
    bool AllowFailures,
    TimeSpan RequestTimeout,
    bool ShowHelp,
    IReadOnlyList<string>? PackOnly = null)
{
    public static DemoOptions Parse(IReadOnlyList<string> args)
    {
        var options = new DemoOptions(100, 1000, Scenario.Names, VariantKinds.All, RepoPaths.DefaultOutput, null, false, TimeSpan.FromSeconds(300), false);
        for (var i = 0; i < args.Count; i++)
        {
            var (name, inlineValue) = Split(args[i]);
            string Value() => inlineValue ?? (i + 1 < args.Count ? args[++i] : throw new ArgumentException($"{name} needs a value."));
            options = name switch
            {
                "--n" => options with { Requests = Int(name, Value(), 1, 2000) },
                "--delay" => options with { DelayMs = Int(name, Value(), 1, 60_000) },
                "--scenarios" => options with { Scenarios = List(Value(), s => { Scenario.Create(s, 1); return s; }) },
                "--variants" => options with { Variants = List(Value(), VariantKinds.Parse) },
                "--out" => options with { OutputDirectory = Path.GetFullPath(Value()) },
                "--json" => options with { JsonPath = Path.GetFullPath(Value()) },
                "--timeout" => options with { RequestTimeout = TimeSpan.FromSeconds(Int(name, Value(), 5, 3600)) },
                "--allow-failures" => options with { AllowFailures = true },
                "--pack-only" => options with { PackOnly = List(Value(), KnownPackage) },
                "-h" or "--help" or "-?" => options with { ShowHelp = true },
                _ => throw new ArgumentException($"Unknown option '{args[i]}'. Try --help."),
            };
        }

        return options;
    }

    public static void WriteHelp(TextWriter writer) => writer.WriteLine($"""
        BurstDemo: N simultaneous requests against samples/BlockingApi, before and after BurstAnalyzers' fixes.

        At the repository root:  dotnet run -c Release --project samples/BurstDemo -- [options]
        It first packs BurstAnalyzers and BurstAnalyzers.Offload into artifacts/packages when they are missing or older
        than their sources (about a minute the first time), then builds the variants from them.

        Options:
          --n N                 simultaneous requests per burst (default 100)
          --delay MS            operation delay of sync, chain, io and asyncio in ms (default 1000; wcf is always 2000)
          --scenarios LIST      comma-separated: {string.Join(",", Scenario.Names)} (default: all)
          --variants LIST       comma-separated: {string.Join(",", VariantKinds.All.Select(k => k.Name()))} (default: all)
          --out DIR             variant copies, charts and report.md (default {Path.GetRelativePath(Directory.GetCurrentDirectory(), RepoPaths.DefaultOutput)})
          --json FILE           also write every measurement as JSON
          --timeout SECONDS     per-request client timeout (default 300)
          --allow-failures      exit 0 even when requests fail
          --pack-only LIST      only pack these packages when missing or stale, then exit (samples/DetectorDemo does this
                                before its restore): {string.Join(",", LocalPackages.Known)}

        Scenarios: sync = /sync (Thread.Sleep), chain = /chain (Thread.Sleep two calls down), io = /io (HttpClient.GetAsync(...).Result), asyncio = /asyncio (awaited),
        wcf = the WCF report: WCF client calls of IService1.GetData (Thread.Sleep(2000)) on samples/SoapService (SoapCore).
        Exit codes: 0 done; 1 a build, a server or a request failed; 2 bad options.
        """);

    private static (string Name, string? Value) Split(string arg)
    {
        var equals = arg.IndexOf('=', StringComparison.Ordinal);
        return arg.StartsWith("--", StringComparison.Ordinal) && equals > 0 ? (arg[..equals], arg[(equals + 1)..]) : (arg, null);
    }

    private static string KnownPackage(string id) => LocalPackages.Known.FirstOrDefault(k => k.Equals(id, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException($"--pack-only: no package '{id}'; known: {string.Join(", ", LocalPackages.Known)}.");

    private static int Int(string name, string value, int min, int max)
        => int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n >= min && n <= max
            ? n
            : throw new ArgumentException($"{name} must be a whole number from {min} to {max}, not '{value}'.");

    private static IReadOnlyList<T> List<T>(string value, Func<string, T> parse)
    {
        var items = value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Distinct().Select(parse).ToList();
        return items.Count > 0 ? items : throw new ArgumentException("An empty list was given.");
    }
}
