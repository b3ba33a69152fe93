using System;
using System.Diagnostics;
using System.Text;

namespace BurstAnalyzers.Accuracy.Building;

/// <summary>Runs the dotnet CLI (or another program) and returns its exit code and output.</summary>
public static class DotNet
{
    public static (int ExitCode, string Output) Run(string workingDirectory, string fileName, params string[] arguments)
    {
        var start = new ProcessStartInfo(fileName) { WorkingDirectory = workingDirectory, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // Builds of the corpus must not pick up this repository's settings or a developer's telemetry prompts.
        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        var output = new StringBuilder();
        using var process = Process.Start(start) ?? throw new InvalidOperationException("Could not start " + fileName);
        process.OutputDataReceived += (_, e) => { if (e.Data is not null) lock (output) output.AppendLine(e.Data); };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) lock (output) output.AppendLine(e.Data); };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        process.WaitForExit();
        return (process.ExitCode, output.ToString());
    }
}
