using System.Diagnostics;
using System.Reflection;
using System.Text.RegularExpressions;

/// <summary>
/// The loop from run time back to build time, in one run: a vendor call that waits on a monitor starves the pool; the
/// build reported it from the library's IL, but at run time the in-process detector can name only the endpoint (no task
/// wait); burst-attach, installed from artifacts/packages and attached to this very process, names the endpoint and the
/// call inside the library and prints the .editorconfig line (what a build needs for a wait no scan sees: native code,
/// reflection); this project built again with that line, and without the scan, gets BURST006 at the call from the line
/// alone; the offloaded endpoint shows what the fix does to latency.
/// </summary>
internal static partial class AttachScenario
{
    public static async Task<bool> RunAsync(Uri address, int requests)
    {
        string repoRoot = Metadata("RepoRoot");
        string project = Metadata("ProjectPath");
        string version = Metadata("PackageVersion");
        string work = Path.Combine(repoRoot, "artifacts", "attach-demo");
        if (Directory.Exists(work))
        {
            Directory.Delete(work, recursive: true);
        }

        Directory.CreateDirectory(work);

        Step("1. Install burst-attach from artifacts/packages (dotnet tool install --tool-path)");
        string? tool = await InstallToolAsync(repoRoot, version, work);
        if (tool is null)
        {
            return false;
        }

        Step($"2. {requests} simultaneous requests to /vendor/feed-offloaded/EUR ([OffloadBlocking]), before the pool has grown");
        TimeSpan[] offloaded = await Burst(new Uri(address, "/vendor/feed-offloaded/EUR"), requests);

        Step($"3. burst-attach {Environment.ProcessId} (this process), then {requests} simultaneous requests to /vendor/feed/EUR as written");
        var editorConfigLines = new List<string>();
        using var attached = new ManualResetEventSlim();
        using Process attach = Start(tool, [Environment.ProcessId.ToString(), "--duration", "15s", "--output", work], line =>
        {
            Console.WriteLine("   | " + line);
            if (line.StartsWith("Attached.", StringComparison.Ordinal))
            {
                attached.Set();
            }

            if (EditorConfigLine().Match(line) is { Success: true } match)
            {
                lock (editorConfigLines)
                {
                    editorConfigLines.Add(match.Groups["line"].Value);
                }
            }
        });
        if (!attached.Wait(TimeSpan.FromSeconds(60)))
        {
            Console.WriteLine("burst-attach did not attach within 60 s.");
            return false;
        }

        TimeSpan[] blocking = await Burst(new Uri(address, "/vendor/feed/EUR"), requests);
        await attach.WaitForExitAsync();
        string? line = editorConfigLines.FirstOrDefault(l => l.Contains("Vendor.Rates.RateFeed.Latest", StringComparison.Ordinal));
        if (line is null)
        {
            Console.WriteLine("burst-attach printed no .editorconfig line for Vendor.Rates.RateFeed.Latest.");
            return false;
        }

        Step($"4. This project built again with that line ({line}) and without the library scan: what the analyzer reports from the line alone");
        string config = Path.Combine(work, "attach.globalconfig");
        // The sample's own files stay as they are: the line goes in a global analyzer config, which the analyzer reads
        // as it reads .editorconfig under [*.cs].
        await File.WriteAllTextAsync(config, "is_global = true\n" + line + "\n");
        (int exit, string output) = await RunAsync("dotnet", [
            "build", project, "-c", "Release", "--no-restore", "-nodeReuse:false",
            $"-p:BurstDemoAnalyzerConfig={config}",
            "-p:BurstAnalyzersLibraryScan=false",
            $"-p:IntermediateOutputPath={Path.Combine(work, "obj")}/",
            $"-p:OutDir={Path.Combine(work, "bin")}/",
            $"-p:ErrorLog={Path.Combine(work, "build.sarif")}"]);
        string[] burst006 = output.Split('\n').Select(l => l.Trim()).Where(l => l.Contains("warning BURST006", StringComparison.Ordinal)).Distinct().ToArray();
        foreach (string warning in burst006)
        {
            Console.WriteLine("   " + warning);
        }

        if (exit != 0 || burst006.Length == 0)
        {
            Console.WriteLine($"The build with the line did not report BURST006 (exit code {exit}):\n{output}");
            return false;
        }

        Console.WriteLine();
        Console.WriteLine($"{requests} simultaneous requests, each waiting 1 s on a monitor inside Vendor.Rates.RateFeed.Latest:");
        Console.WriteLine("| Endpoint | Median | Slowest |");
        Console.WriteLine("|---|---:|---:|");
        Console.WriteLine(Demo.Row("/vendor/feed-offloaded (OffloadBlocking)", offloaded));
        Console.WriteLine(Demo.Row("/vendor/feed (as written)", blocking));
        return true;
    }

    // On a thread of its own: this code runs on the pool, and the burst's joins would block one of its threads (and
    // burst-attach would rightly report it).
    private static Task<TimeSpan[]> Burst(Uri uri, int requests) =>
        Task.Factory.StartNew(() => Demo.Burst(uri, requests), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);

    private static async Task<string?> InstallToolAsync(string repoRoot, string version, string work)
    {
        string packages = Path.Combine(repoRoot, "artifacts", "packages");
        if (!File.Exists(Path.Combine(packages, $"BurstAnalyzers.Attach.{version}.nupkg")))
        {
            Console.WriteLine($"No BurstAnalyzers.Attach.{version}.nupkg in {packages}: run `dotnet pack BurstAnalyzers.sln -c Release` first.");
            return null;
        }

        // Only the local packages: the demo needs no network.
        string nugetConfig = Path.Combine(work, "nuget.config");
        await File.WriteAllTextAsync(nugetConfig, $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <clear />
                <add key="artifacts" value="{packages}" />
              </packageSources>
            </configuration>
            """);
        string toolPath = Path.Combine(work, "tools");
        (int exit, string output) = await RunAsync("dotnet", ["tool", "install", "BurstAnalyzers.Attach", "--version", version, "--tool-path", toolPath, "--configfile", nugetConfig]);
        Console.WriteLine("   " + output.Trim().Replace("\n", "\n   ", StringComparison.Ordinal));
        return exit == 0 ? Path.Combine(toolPath, OperatingSystem.IsWindows() ? "burst-attach.exe" : "burst-attach") : null;
    }

    private static Process Start(string file, string[] arguments, Action<string> onLine)
    {
        var info = new ProcessStartInfo(file) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        var process = Process.Start(info) ?? throw new InvalidOperationException($"{file} did not start.");
        process.OutputDataReceived += (_, e) => { if (e.Data is not null) onLine(e.Data); };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) onLine(e.Data); };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return process;
    }

    private static async Task<(int ExitCode, string Output)> RunAsync(string file, string[] arguments)
    {
        var output = new System.Text.StringBuilder();
        using Process process = Start(file, arguments, line => { lock (output) { output.AppendLine(line); } });
        await process.WaitForExitAsync();
        lock (output)
        {
            return (process.ExitCode, output.ToString());
        }
    }

    private static void Step(string text)
    {
        Console.WriteLine();
        Console.WriteLine(text);
    }

    private static string Metadata(string key) =>
        typeof(AttachScenario).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == key).Value
        ?? throw new InvalidOperationException($"No {key} in the assembly's metadata.");

    [GeneratedRegex(@"\.editorconfig: (?<line>burst_analyzers\.additional_blocking_apis = \S+)")]
    private static partial Regex EditorConfigLine();
}
