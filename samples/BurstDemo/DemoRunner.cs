using BurstDemo.Burst;
using BurstDemo.Infrastructure;
using BurstDemo.Reporting;
using BurstDemo.Results;
using BurstDemo.Server;
using BurstDemo.Variants;

namespace BurstDemo;

/// <summary>
/// The whole demo: build the variants the chosen ones need, run every scenario against every variant, then print the
/// table and write the charts, report.md and (with --json) the raw results.
/// </summary>
internal sealed class DemoRunner(DemoOptions options, string commandLine, TextWriter log)
{
    private static readonly TimeSpan ServerStartTimeout = TimeSpan.FromSeconds(60);
    private static readonly TimeSpan WarmUpTimeout = TimeSpan.FromSeconds(60);

    /// <summary>Runs everything; returns the process exit code (1 when requests failed without --allow-failures).</summary>
    public async Task<int> RunAsync(CancellationToken cancellationToken)
    {
        RepoPaths.RequirePackages();
        Directory.CreateDirectory(options.OutputDirectory);
        var started = DateTimeOffset.UtcNow;
        var machine = Machine.Describe();
        var scenarios = options.Scenarios.Select(s => Scenario.Create(s, options.DelayMs)).ToList();
        log.WriteLine($"{machine.ProcessorCount} CPUs, {machine.Runtime}, {machine.Sdk}; N = {options.Requests}, delay {options.DelayMs} ms; output {options.OutputDirectory}");

        var builds = await BuildVariantsAsync(scenarios, cancellationToken);
        var runs = new List<RunResult>();
        var total = scenarios.Count * options.Variants.Count;
        foreach (var scenario in scenarios)
        {
            foreach (var variant in options.Variants)
            {
                log.WriteLine($"[{runs.Count + 1}/{total}] {scenario.Name} × {variant.Name()}: {options.Requests} × {scenario.Request}");
                var run = RunOne(scenario, variant, builds[(scenario.Server, variant.Build())]);
                runs.Add(run);
                log.WriteLine($"  total {Format.Seconds(run.Stats.TotalMs)}, p50 {Format.Seconds(run.Stats.P50Ms)}, p99 {Format.Seconds(run.Stats.P99Ms)}, peak {run.Stats.PeakPoolThreads} pool threads, /ping p99 {Format.Seconds(run.Stats.PingP99Ms)}, {run.Stats.Failures} failed");
            }
        }

        var results = new DemoResults(started, commandLine, machine, options.Requests, options.DelayMs, options.Scenarios,
            scenarios.Select(s => s.Server).Distinct()
                .SelectMany(server => options.Variants.Select(v => Summary(server, v, builds[(server, v.Build())])))
                .ToList(), runs);
        Write(results, scenarios);
        return Verdict(runs);
    }

    /// <summary>Each build the chosen scenarios and variants need, once: per sample server, per kind of build.</summary>
    private async Task<Dictionary<(SampleServer Server, VariantKind Kind), BuiltVariant>> BuildVariantsAsync(IReadOnlyList<Scenario> scenarios, CancellationToken cancellationToken)
    {
        var builder = new VariantBuilder(options.OutputDirectory, log);
        var builds = new Dictionary<(SampleServer, VariantKind), BuiltVariant>();
        foreach (var server in scenarios.Select(s => s.Server).Distinct())
        {
            foreach (var kind in options.Variants.Select(v => v.Build()).Distinct())
            {
                log.WriteLine($"Preparing the {kind.Name()} variant of samples/{server.Name}: {kind.Description()}");
                builds[(server, kind)] = await builder.BuildAsync(kind, server, cancellationToken);
            }
        }

        return builds;
    }

    private RunResult RunOne(Scenario scenario, VariantKind variant, BuiltVariant build)
    {
        using var server = ServerProcess.Start(build.ServerAssembly, variant.ServerEnvironment(), ServerStartTimeout);
        // One request first, so the burst measures the thread pool, not JIT compilation and first-call set-up.
        using (var warmUpClients = BurstClients.For(scenario, server.BaseAddress, WarmUpTimeout))
        using (var warmUp = warmUpClients.Open())
        {
            var first = warmUp.Send();
            if (!first.Succeeded)
            {
                throw new DemoFailure($"The warm-up request ({scenario.Request}) to the {variant.Name()} server failed: {first.Error ?? "HTTP " + first.Status}");
            }
        }

        using var clients = BurstClients.For(scenario, server.BaseAddress, options.RequestTimeout);

        var interactive = !Console.IsOutputRedirected;
        var printed = TimeSpan.Zero;
        var burst = BurstRunner.Run(server.BaseAddress, clients, options.Requests, options.RequestTimeout, (done, elapsed, final) =>
        {
            var line = $"  {scenario.Name} × {variant.Name()}: {done}/{options.Requests} done after {elapsed.TotalSeconds:0.0} s";
            if (interactive)
            {
                log.Write("\r" + line);
            }
            else if (final || elapsed - printed >= TimeSpan.FromSeconds(5))
            {
                printed = elapsed;
                log.WriteLine(line); // redirected output (CI, tests): a line every 5 s and at the end
            }
        });
        if (interactive)
        {
            log.WriteLine();
        }

        Thread.Sleep(300); // the pool samples of the burst's last moments are still in the pipe
        return RunResult.From(scenario, variant.Name(), burst, server.Pool.Samples);
    }

    private void Write(DemoResults results, IReadOnlyList<Scenario> scenarios)
    {
        log.WriteLine();
        ResultTable.WriteText(log, results.Runs);
        log.WriteLine();

        var charts = new Dictionary<string, string>();
        foreach (var scenario in scenarios)
        {
            var file = $"{scenario.Name}.svg";
            File.WriteAllText(Path.Combine(options.OutputDirectory, file), SvgChart.Render(scenario, results.Runs.Where(r => r.Scenario == scenario.Name).ToList()));
            charts[scenario.Name] = file;
        }

        var report = Path.Combine(options.OutputDirectory, "report.md");
        File.WriteAllText(report, MarkdownReport.Render(results, scenarios, charts));
        log.WriteLine($"Report: {report}");
        log.WriteLine($"Charts: {string.Join(", ", charts.Values.Select(c => Path.Combine(options.OutputDirectory, c)))}");
        if (options.JsonPath is { } json)
        {
            results.WriteJson(json);
            log.WriteLine($"JSON: {json}");
        }

        log.WriteLine();
        log.WriteLine(MarkdownReport.WcfNote);
    }

    private int Verdict(IReadOnlyList<RunResult> runs)
    {
        var failed = runs.Where(r => r.Stats.Failures > 0).ToList();
        if (failed.Count == 0)
        {
            return 0;
        }

        foreach (var run in failed)
        {
            var first = run.RequestSeries.First(r => !r.Succeeded);
            Console.Error.WriteLine($"{run.Scenario} × {run.Variant}: {run.Stats.Failures} of {run.Requests} requests failed, e.g. {first.Error ?? "HTTP " + first.Status}");
        }

        return options.AllowFailures ? 0 : 1;
    }

    private static VariantSummary Summary(SampleServer server, VariantKind kind, BuiltVariant build)
    {
        var diff = build.Changes.SelectMany(c => c.Lines.Prepend($"@@ {c.File} @@")).ToList();
        return new VariantSummary(kind.Name(), kind.Description(), build.BurstWarnings.Count, build.BurstWarnings, diff, build.Notes, server.Name);
    }
}
