using System;
using System.Diagnostics;
using System.IO;
using System.Threading.Tasks;
using Xunit;

namespace BurstAnalyzers.Attach.Tests;

/// <summary>The tool as a user runs it (its own process): exit codes and messages on standard error, no stack trace.</summary>
public sealed class CommandLineTests
{
    [Fact]
    public async Task Cannot_attach_exits_2_with_the_reason()
    {
        using Process native = Process.Start(new ProcessStartInfo("sleep", "30") { UseShellExecute = false })!;
        try
        {
            (int exit, string output, string error) = await RunToolAsync(native.Id.ToString(System.Globalization.CultureInfo.InvariantCulture));
            Assert.Equal(2, exit);
            Assert.Equal("", output);
            Assert.StartsWith($"burst-attach: Process {native.Id} (sleep) has no .NET diagnostics endpoint, so it cannot be attached to.", error, StringComparison.Ordinal);
            Assert.DoesNotContain("   at ", error, StringComparison.Ordinal);
        }
        finally
        {
            native.Kill();
        }
    }

    [Fact]
    public async Task A_bad_command_line_exits_1_with_the_usage()
    {
        (int exit, _, string error) = await RunToolAsync("--duration");
        Assert.Equal(1, exit);
        Assert.StartsWith("--duration takes a positive time such as 30s, 5m or 250ms.", error, StringComparison.Ordinal);
        Assert.Contains("Usage: burst-attach <process id or name> [options]", error, StringComparison.Ordinal);
    }

    private static async Task<(int Exit, string Output, string Error)> RunToolAsync(params string[] arguments)
    {
        // The dotnet host the test runs on (the CLI's, when dotnet test set it), not a test host's apphost.
        string dotnet = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host) ? host : Environment.ProcessPath!;
        var info = new ProcessStartInfo(dotnet) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "BurstAnalyzers.Attach.dll"));
        foreach (string argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        using Process tool = Process.Start(info)!;
        Task<string> output = tool.StandardOutput.ReadToEndAsync();
        Task<string> error = tool.StandardError.ReadToEndAsync();
        await tool.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(60));
        return (tool.ExitCode, await output, await error);
    }
}
