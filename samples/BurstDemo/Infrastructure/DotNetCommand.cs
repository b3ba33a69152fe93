using System.Diagnostics;
using System.Text;

namespace BurstDemo.Infrastructure;

/// <summary>Runs one dotnet CLI command (restore, build, format) to completion, with a time limit.</summary>
internal static class DotNetCommand
{
    public sealed record Result(int ExitCode, string Output, TimeSpan Duration);

    public static Result Run(string workingDirectory, TimeSpan timeout, params string[] arguments)
    {
        var stopwatch = Stopwatch.StartNew();
        using var process = new Process { StartInfo = DotNetHost.StartInfo(workingDirectory, arguments) };
        var output = new StringBuilder();
        process.OutputDataReceived += (_, e) => Append(output, e.Data);
        process.ErrorDataReceived += (_, e) => Append(output, e.Data);
        process.Start();
        process.StandardInput.Close();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();

        if (!process.WaitForExit(timeout))
        {
            process.Kill(entireProcessTree: true);
            process.WaitForExit(TimeSpan.FromSeconds(10));
            throw new DemoFailure($"`dotnet {string.Join(' ', arguments)}` did not finish within {timeout.TotalMinutes:0} min (in {workingDirectory}).\n{Tail(output)}");
        }

        process.WaitForExit(); // flushes the asynchronous output readers
        lock (output)
        {
            return new Result(process.ExitCode, output.ToString(), stopwatch.Elapsed);
        }
    }

    /// <summary>Runs the command and fails with its output unless it succeeded.</summary>
    public static Result RunOrFail(string what, string workingDirectory, TimeSpan timeout, params string[] arguments)
    {
        var result = Run(workingDirectory, timeout, arguments);
        if (result.ExitCode != 0)
        {
            throw new DemoFailure($"{what} failed (exit code {result.ExitCode}): dotnet {string.Join(' ', arguments)}\n{TailOf(result.Output)}");
        }

        return result;
    }

    private static void Append(StringBuilder output, string? line)
    {
        if (line is not null)
        {
            lock (output)
            {
                output.AppendLine(line);
            }
        }
    }

    private static string Tail(StringBuilder output)
    {
        lock (output)
        {
            return TailOf(output.ToString());
        }
    }

    /// <summary>The last 40 lines: where a build or restore says what went wrong.</summary>
    private static string TailOf(string text)
    {
        var lines = text.Split('\n');
        return string.Join('\n', lines.Skip(Math.Max(0, lines.Length - 40)));
    }
}
