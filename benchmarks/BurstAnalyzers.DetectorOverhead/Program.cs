using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.DetectorOverhead;

// dotnet run -c Release --project benchmarks/BurstAnalyzers.DetectorOverhead -- [--rounds N] [--seconds S] [--connections C] [--variants A,B]
// Each round runs every variant once, in rotating order, each against a fresh server process; the report takes the
// median of the rounds per variant and compares it with the variant without the detector.
if (args.Length == 2 && args[0] == "serve")
{
    await Server.RunAsync(Enum.Parse<Variant>(args[1]));
    return 0;
}

int rounds = Option("--rounds", 5);
int seconds = Option("--seconds", 5);
int connections = Option("--connections", 32);
// --variants Detector,DetectorAlways: only these, always with None, the baseline every ratio is taken against.
Variant[] variants = Array.IndexOf(args, "--variants") is int vi and >= 0
    ? args[vi + 1].Split(',').Select(Enum.Parse<Variant>).Prepend(Variant.None).Distinct().ToArray()
    : Enum.GetValues<Variant>();
var results = variants.ToDictionary(v => v, _ => new List<RoundResult>());

Console.WriteLine($"Detector overhead: {rounds} rounds x {variants.Length} variants, {seconds} s each after 2 s warm-up, {connections} connections, {Environment.ProcessorCount} cores, {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription}");
for (int round = 0; round < rounds; round++)
{
    for (int i = 0; i < variants.Length; i++)
    {
        Variant variant = variants[(i + round) % variants.Length];
        using ServerProcess server = ServerProcess.Start(variant);
        await using AttachedTool? tool = variant == Variant.Attached ? await AttachedTool.StartAsync(server.Id) : null;
        RoundResult result = await LoadRound.RunAsync(server, connections, TimeSpan.FromSeconds(2), TimeSpan.FromSeconds(seconds));
        results[variant].Add(result);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  round {round + 1}/{rounds} {variant,-21} {result.Throughput,9:0} req/s  p50 {result.P50,6:0.00} ms  p99 {result.P99,7:0.00} ms  server CPU {result.CpuPerRequest,6:0.0} µs/request  errors {result.Errors}"));
    }
}

Console.WriteLine();
// On a shared machine the load from elsewhere drifts between rounds; the ratio to the run without the detector in the
// same round cancels most of it, so the "paired" columns are the ones to read.
Console.WriteLine("| Variant | Throughput (req/s, median) | Throughput vs. none (median of per-round ratios) | Middle half of the per-round ratios | p99 (ms, median) | p99 vs. none | Server CPU per request (µs, median) | CPU per request vs. none |");
Console.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|");
foreach (Variant variant in variants)
{
    RoundResult m = Median(results[variant]);
    double[] throughputRatios = results[variant].Select((r, i) => r.Throughput / results[Variant.None][i].Throughput).Order().ToArray();
    // The spread of the paired ratios says how far the median can be trusted on this machine.
    (double low, double high) = (throughputRatios[throughputRatios.Length / 4], throughputRatios[throughputRatios.Length * 3 / 4]);
    double pairedP99 = Mid(results[variant].Select((r, i) => r.P99 / results[Variant.None][i].P99));
    double pairedCpu = Mid(results[variant].Select((r, i) => r.CpuPerRequest / results[Variant.None][i].CpuPerRequest));
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
        $"| {variant} | {m.Throughput:0} | {Percent(Mid(throughputRatios))} | {Percent(low)} to {Percent(high)} | {m.P99:0.00} | {Percent(pairedP99)} | {m.CpuPerRequest:0.0} | {Percent(pairedCpu)} |"));
}

return results.Values.SelectMany(r => r).Any(r => r.Errors > 0) ? 1 : 0;

int Option(string name, int fallback)
{
    int at = Array.IndexOf(args, name);
    return at >= 0 && at + 1 < args.Length ? int.Parse(args[at + 1], CultureInfo.InvariantCulture) : fallback;
}

static string Percent(double ratio) => ((ratio - 1) * 100).ToString("+0.0;-0.0", CultureInfo.InvariantCulture) + " %";

static double Mid(IEnumerable<double> values)
{
    double[] sorted = values.Order().ToArray();
    return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
}

static RoundResult Median(List<RoundResult> rounds)
{
    return new RoundResult(Mid(rounds.Select(r => r.Throughput)), Mid(rounds.Select(r => r.P50)), Mid(rounds.Select(r => r.P99)), rounds.Sum(r => r.Errors), Mid(rounds.Select(r => r.CpuPerRequest)));
}
