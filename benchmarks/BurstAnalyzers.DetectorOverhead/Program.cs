using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.DetectorOverhead;

// dotnet run -c Release --project benchmarks/BurstAnalyzers.DetectorOverhead -- [--rounds N] [--seconds S] [--connections C]
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
Variant[] variants = Enum.GetValues<Variant>();
var results = variants.ToDictionary(v => v, _ => new List<RoundResult>());

Console.WriteLine($"Detector overhead: {rounds} rounds x {variants.Length} variants, {seconds} s each after 2 s warm-up, {connections} connections, {Environment.ProcessorCount} cores, {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription}");
for (int round = 0; round < rounds; round++)
{
    for (int i = 0; i < variants.Length; i++)
    {
        Variant variant = variants[(i + round) % variants.Length];
        using ServerProcess server = ServerProcess.Start(variant);
        RoundResult result = await LoadRound.RunAsync(server.Address, connections, TimeSpan.FromSeconds(2), TimeSpan.FromSeconds(seconds));
        results[variant].Add(result);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  round {round + 1}/{rounds} {variant,-15} {result.Throughput,9:0} req/s  p50 {result.P50,6:0.00} ms  p99 {result.P99,7:0.00} ms  errors {result.Errors}"));
    }
}

RoundResult baseline = Median(results[Variant.None]);
Console.WriteLine();
// On a shared machine the load from elsewhere drifts between rounds; the ratio to the run without the detector in the
// same round cancels most of it, so the "paired" columns are the ones to read.
Console.WriteLine("| Variant | Throughput (req/s, median) | vs. none (medians) | vs. none (median of per-round ratios) | p99 (ms, median) | p99 vs. none (median of per-round ratios) |");
Console.WriteLine("|---|---:|---:|---:|---:|---:|");
foreach (Variant variant in variants)
{
    RoundResult m = Median(results[variant]);
    double pairedThroughput = Mid(results[variant].Select((r, i) => r.Throughput / results[Variant.None][i].Throughput));
    double pairedP99 = Mid(results[variant].Select((r, i) => r.P99 / results[Variant.None][i].P99));
    Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
        $"| {variant} | {m.Throughput:0} | {(m.Throughput / baseline.Throughput - 1) * 100:+0.0;-0.0} % | {(pairedThroughput - 1) * 100:+0.0;-0.0} % | {m.P99:0.00} | {(pairedP99 - 1) * 100:+0.0;-0.0} % |"));
}

return results.Values.SelectMany(r => r).Any(r => r.Errors > 0) ? 1 : 0;

int Option(string name, int fallback)
{
    int at = Array.IndexOf(args, name);
    return at >= 0 && at + 1 < args.Length ? int.Parse(args[at + 1], CultureInfo.InvariantCulture) : fallback;
}

static double Mid(IEnumerable<double> values)
{
    double[] sorted = values.Order().ToArray();
    return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
}

static RoundResult Median(List<RoundResult> rounds)
{
    return new RoundResult(Mid(rounds.Select(r => r.Throughput)), Mid(rounds.Select(r => r.P50)), Mid(rounds.Select(r => r.P99)), rounds.Sum(r => r.Errors));
}
