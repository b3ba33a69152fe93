using System;
using System.Collections.Generic;

namespace BurstAnalyzers.Diagnostics.TestHost;

/// <summary>
/// What a child-process host is started with, written as its command line by the test and read back by
/// <see cref="Program"/>: one place for both, so they cannot drift apart.
/// </summary>
/// <param name="Capture">The detector's <see cref="BlockingDetectorOptions.CallSiteCapture"/>.</param>
/// <param name="RuntimeEvents">The detector's <see cref="BlockingDetectorOptions.RuntimeEvents"/>.</param>
/// <param name="MissingRuntimeSource">
/// When set, the detector listens for this provider instead of the runtime's, one that never appears, and gives up on
/// it after <see cref="MissingSourceDeadline"/>.
/// </param>
public sealed record ChildOptions(
    CallSiteCapture Capture = CallSiteCapture.DuringStarvation,
    RuntimeEvents RuntimeEvents = RuntimeEvents.DuringStarvation,
    string? MissingRuntimeSource = null)
{
    public static readonly TimeSpan MissingSourceDeadline = TimeSpan.FromMilliseconds(300);

    public IReadOnlyList<string> ToArguments()
    {
        var arguments = new List<string> { "--capture", Capture.ToString(), "--runtime-events", RuntimeEvents.ToString() };
        if (MissingRuntimeSource is not null)
        {
            arguments.Add("--missing-runtime-source");
            arguments.Add(MissingRuntimeSource);
        }

        return arguments;
    }

    public static ChildOptions Parse(string[] args) => new(
        Enum.Parse<CallSiteCapture>(Value(args, "--capture") ?? nameof(CallSiteCapture.DuringStarvation)),
        Enum.Parse<RuntimeEvents>(Value(args, "--runtime-events") ?? nameof(RuntimeEvents.DuringStarvation)),
        Value(args, "--missing-runtime-source"));

    private static string? Value(string[] args, string name)
    {
        int at = Array.IndexOf(args, name);
        return at >= 0 && at + 1 < args.Length ? args[at + 1] : null;
    }
}
