using System;
using System.Collections;
using System.Diagnostics;
using System.Text;
using System.Threading.Tasks;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>Runs the dotnet CLI as a user would, isolated from the MSBuild/test host this test runs in. A run whose
/// output shows an analyzer exception (AD0001) fails the test.</summary>
internal static class DotNetCli
{
    public sealed record Result(int ExitCode, string Output);

    public static async Task<Result> RunAsync(string workingDirectory, TimeSpan timeout, params string[] arguments)
    {
        var start = new ProcessStartInfo(Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet")
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // Variables the outer `dotnet test` sets for its own MSBuild and test host would leak into the child build.
        foreach (DictionaryEntry variable in Environment.GetEnvironmentVariables())
        {
            var name = (string)variable.Key;
            if (name.StartsWith("MSBUILD", StringComparison.OrdinalIgnoreCase) || name.StartsWith("VSTEST", StringComparison.OrdinalIgnoreCase))
            {
                start.Environment.Remove(name);
            }
        }

        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        start.Environment["MSBUILDDISABLENODEREUSE"] = "1";

        using var process = new Process { StartInfo = start };
        var output = new StringBuilder();
        process.OutputDataReceived += (_, e) => { if (e.Data is not null) { lock (output) { output.AppendLine(e.Data); } } };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (output) { output.AppendLine(e.Data); } } };
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();

        var exited = process.WaitForExitAsync();
        if (await Task.WhenAny(exited, Task.Delay(timeout)) != exited)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"dotnet {string.Join(' ', arguments)} did not finish within {timeout}.\n{output}");
        }

        await exited;
        string text;
        lock (output)
        {
            text = output.ToString();
        }

        // An analyzer that throws is silently switched off for the rest of the build: its findings are lost. No build,
        // format or test a test runs may show one, whatever else the test checks (issue 33).
        if (AnalyzerCrash(text) is { } crash)
        {
            throw new Xunit.Sdk.XunitException($"dotnet {string.Join(' ', arguments)} reported an analyzer exception (AD0001):\n{crash}\n\n{text}");
        }

        return new Result(process.ExitCode, text);
    }

    /// <summary>The first AD0001 line of a command's output, or null.</summary>
    public static string? AnalyzerCrash(string output)
    {
        foreach (var line in output.Split('\n'))
        {
            if (line.Contains("AD0001", StringComparison.Ordinal))
            {
                return line.TrimEnd('\r');
            }
        }

        return null;
    }
}
