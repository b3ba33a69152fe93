using System;
using System.Collections.Generic;
using System.Globalization;

namespace BurstAnalyzers.Attach.Cli;

/// <summary>The command line: <c>burst-attach &lt;pid|name&gt; [--duration 60s] [--threshold 100ms] [--frames 8] [--output dir]</c>.</summary>
internal sealed record AttachOptions(
    string Target,
    TimeSpan? Duration = null,
    TimeSpan? Threshold = null,
    int MaxFrames = 8,
    string? OutputDirectory = null)
{
    public static readonly TimeSpan DefaultThreshold = TimeSpan.FromMilliseconds(100);

    public const string Usage = """
        burst-attach: names every blocking call behind a starved thread pool in a running .NET 8+ process.

        Usage: burst-attach <process id or name> [options]

          --duration <time>    stop after this long (e.g. 30s, 5m); default: until Ctrl+C
          --threshold <time>   shortest wait reported (default 100ms)
          --frames <n>         code frames kept per call site (default 8)
          --output <dir>       where the Markdown and JSON reports go (default: the current directory)

        Attaches through the runtime's diagnostics IPC (EventPipe): nothing to install in the application, no restart.
        Wait-handle, Monitor.Wait and task waits need .NET 9+; lock contention and starvation are reported from .NET 8.
        """;

    public TimeSpan WaitThreshold => Threshold ?? DefaultThreshold;

    /// <returns>The options, or null with <paramref name="error"/> set.</returns>
    public static AttachOptions? Parse(IReadOnlyList<string> args, out string? error)
    {
        error = null;
        string? target = null;
        TimeSpan? duration = null, threshold = null;
        int frames = 8;
        string? output = null;
        for (int i = 0; i < args.Count; i++)
        {
            string arg = args[i];
            string? Next() => i + 1 < args.Count ? args[++i] : null;
            switch (arg)
            {
                case "--duration" or "-d":
                    duration = Time(Next(), arg, ref error);
                    break;
                case "--threshold":
                    threshold = Time(Next(), arg, ref error);
                    break;
                case "--frames":
                    if (!int.TryParse(Next(), NumberStyles.None, CultureInfo.InvariantCulture, out frames) || frames is < 1 or > 64)
                    {
                        error ??= "--frames takes a whole number from 1 to 64.";
                    }

                    break;
                case "--output" or "-o":
                    output = Next() ?? (error ??= "--output takes a directory.");
                    break;
                case "--pid" or "-p" or "--name" or "-n":
                    target = Next() ?? (error ??= $"{arg} takes a value.");
                    break;
                default:
                    if (arg.StartsWith('-') || target is not null)
                    {
                        error ??= $"Unknown argument '{arg}'.";
                    }
                    else
                    {
                        target = arg;
                    }

                    break;
            }
        }

        if (target is null)
        {
            error ??= "Name the process to attach to: its id or its name.";
        }

        return error is null ? new AttachOptions(target!, duration, threshold, frames, output) : null;
    }

    /// <summary>"30s", "5m", "250ms", "1h", or a number of seconds.</summary>
    private static TimeSpan? Time(string? value, string option, ref string? error)
    {
        if (value is not null)
        {
            (string number, double unit) = value switch
            {
                _ when value.EndsWith("ms", StringComparison.Ordinal) => (value[..^2], 0.001),
                _ when value.EndsWith('s') => (value[..^1], 1),
                _ when value.EndsWith('m') => (value[..^1], 60),
                _ when value.EndsWith('h') => (value[..^1], 3600),
                _ => (value, 1),
            };
            if (double.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out double n) && n > 0)
            {
                return TimeSpan.FromSeconds(n * unit);
            }
        }

        error ??= $"{option} takes a positive time such as 30s, 5m or 250ms.";
        return null;
    }
}
