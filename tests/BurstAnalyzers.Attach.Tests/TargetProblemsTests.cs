using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Attach.Cli;
using BurstAnalyzers.Attach.Reporting;
using BurstAnalyzers.Attach.Target;
using BurstAnalyzers.Attach.Tests.Infrastructure;
using HostProgram = BurstAnalyzers.Attach.TestHost.Program;
using BurstAnalyzers.Tests.Shared;
using Xunit;

namespace BurstAnalyzers.Attach.Tests;

/// <summary>Targets the tool cannot attach to, or loses: each ends with a clear message, never a stack trace.</summary>
public sealed class TargetProblemsTests
{
    [Fact]
    public async Task The_target_exiting_mid_session_ends_it_with_a_report()
    {
        ChildHostProcess host = ChildHostProcess.Start(typeof(HostProgram).Assembly, HostProgram.ListeningPrefix);
        using Attached attached = await Attached.ToAsync(host.ProcessId, TimeSpan.FromMinutes(2));
        host.Dispose();

        Task finished = await Task.WhenAny(attached.Run, Task.Delay(TimeSpan.FromSeconds(30)));
        Assert.True(finished == attached.Run, "the session did not end when its target exited:\n" + attached.Output);
        (AttachReport report, string markdown, _) = await attached.Run;
        Assert.Equal("the target process exited (or closed the session)", report.EndedBecause);
        Assert.True(File.Exists(markdown));
    }

    [Fact]
    public void A_process_is_found_by_the_name_of_the_assembly_it_runs()
    {
        using ChildHostProcess host = ChildHostProcess.Start(typeof(HostProgram).Assembly, HostProgram.ListeningPrefix);
        TargetProcess target;
        try
        {
            target = TargetProcess.Find("BurstAnalyzers.Attach.TestHost");
        }
        catch (AttachFailure failure) when (failure.Message.Contains(" .NET processes are named 'BurstAnalyzers.Attach.TestHost': ", StringComparison.Ordinal))
        {
            // Another run of these tests on the same machine (a CI run beside a local one) has a host of the same name:
            // the name is then ambiguous, and the tool must say so with every id, this test's host among them.
            Assert.Contains(host.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture), failure.Message.Split(':')[1].Split(',', '.', ' '));
            return;
        }

        Assert.Equal(host.ProcessId, target.Id);
    }

    [Fact]
    public void An_endpoint_left_by_a_killed_process_whose_number_is_now_a_thread_of_another_is_not_a_second_candidate()
    {
        // Threads answer as processes through /proc on Linux only; elsewhere the situation cannot arise.
        Assert.True(OperatingSystem.IsLinux() || !Directory.Exists("/proc"), "a /proc file system on another system: check this test's assumption there");
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        using ChildHostProcess host = ChildHostProcess.Start(typeof(HostProgram).Assembly, HostProgram.ListeningPrefix);
        // The diagnostics client lists its endpoints' socket files by name; a killed process leaves its file, and on
        // Linux a thread's /proc entry answers with its process's name and command line.
        int thread = Directory.GetDirectories($"/proc/{host.ProcessId}/task")
            .Select(d => int.Parse(Path.GetFileName(d), System.Globalization.CultureInfo.InvariantCulture))
            .First(t => t != host.ProcessId);
        string stale = Path.Combine(Path.GetTempPath(), $"dotnet-diagnostic-{thread}-1-socket");
        File.WriteAllBytes(stale, []);
        try
        {
            Assert.False(TargetProcess.IsProcess(thread));
            Assert.True(TargetProcess.IsProcess(host.ProcessId));
            int[] published = TargetProcess.Published();
            Assert.Contains(host.ProcessId, published);
            Assert.DoesNotContain(thread, published);
            Assert.Equal(
                $"{thread} is a thread of process {host.ProcessId} (dotnet), not a process: give that process's id.",
                Assert.Throws<AttachFailure>(() => TargetProcess.Find(thread.ToString(System.Globalization.CultureInfo.InvariantCulture))).Message);
        }
        finally
        {
            File.Delete(stale);
        }
    }

    [Fact]
    public void A_process_that_is_not_dotnet_is_refused_with_the_reason()
    {
        using Process native = Process.Start(new ProcessStartInfo("sleep", "30") { UseShellExecute = false })!;
        try
        {
            AttachFailure failure = Assert.Throws<AttachFailure>(() => TargetProcess.Find(native.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)));
            Assert.Equal(
                $"Process {native.Id} (sleep) has no .NET diagnostics endpoint, so it cannot be attached to. It is not a .NET (Core) process — a native process, or .NET Framework, which has no diagnostics IPC — or it runs with DOTNET_EnableDiagnostics=0, or in another container or temporary directory (TMPDIR) than this tool.",
                failure.Message);
        }
        finally
        {
            native.Kill();
        }
    }

    [Fact]
    public void A_dotnet_process_that_does_not_allow_diagnostics_is_refused_with_the_reason()
    {
        using ChildHostProcess host = ChildHostProcess.Start(typeof(HostProgram).Assembly, HostProgram.ListeningPrefix, [("DOTNET_EnableDiagnostics", "0")]);
        AttachFailure failure = Assert.Throws<AttachFailure>(() => TargetProcess.Find(host.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture)));
        Assert.Contains("has no .NET diagnostics endpoint", failure.Message, StringComparison.Ordinal);
        Assert.Contains("DOTNET_EnableDiagnostics=0", failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_process_that_does_not_exist_or_a_name_no_process_has_is_refused()
    {
        Assert.Equal("There is no process 2147483646.", Assert.Throws<AttachFailure>(() => TargetProcess.Find("2147483646")).Message);
        Assert.StartsWith("No .NET process named 'no-such-app' can be attached to.", Assert.Throws<AttachFailure>(() => TargetProcess.Find("no-such-app")).Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(new[] { "1234", "--duration", "30s", "--threshold", "250ms" }, "1234", 30.0, 250.0)]
    [InlineData(new[] { "--name", "MyApp", "-d", "2m" }, "MyApp", 120.0, 100.0)]
    public void The_command_line_is_read(string[] args, string target, double seconds, double thresholdMs)
    {
        AttachOptions options = AttachOptions.Parse(args, out string? error)!;
        Assert.Null(error);
        Assert.Equal(target, options.Target);
        Assert.Equal(TimeSpan.FromSeconds(seconds), options.Duration);
        Assert.Equal(TimeSpan.FromMilliseconds(thresholdMs), options.WaitThreshold);
    }

    [Theory]
    [InlineData(new string[0], "Name the process to attach to: its id or its name.")]
    [InlineData(new[] { "1", "--duration", "soon" }, "--duration takes a positive time such as 30s, 5m or 250ms.")]
    [InlineData(new[] { "1", "--frames", "0" }, "--frames takes a whole number from 1 to 64.")]
    [InlineData(new[] { "1", "2" }, "Unknown argument '2'.")]
    public void A_bad_command_line_says_what_is_wrong(string[] args, string message)
    {
        Assert.Null(AttachOptions.Parse(args, out string? error));
        Assert.Equal(message, error);
    }
}
