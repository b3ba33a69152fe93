using System;
using System.Collections.Generic;
using System.Linq;

namespace BurstAnalyzers.Diagnostics;

/// <summary>The one place that says which <see cref="BlockingDetectorOptions"/> are usable.</summary>
internal static class BlockingDetectorOptionsValidation
{
    /// <summary>Why the options cannot be used, one sentence per unusable option naming it and its value; empty when
    /// they can.</summary>
    public static List<string> FindErrors(BlockingDetectorOptions options)
    {
        string?[] checks =
        [
            Positive(nameof(options.BlockingThreshold), options.BlockingThreshold),
            Positive(nameof(options.ReportInterval), options.ReportInterval),
            Positive(nameof(options.CaptureWindow), options.CaptureWindow),
            Positive(nameof(options.EpisodeEndDelay), options.EpisodeEndDelay),
            Positive(nameof(options.StarvationThreshold), options.StarvationThreshold),
            AtLeastOne(nameof(options.MaxFrames), options.MaxFrames),
            AtLeastOne(nameof(options.MaxEndpointsPerReport), options.MaxEndpointsPerReport),
            AtLeastOne(nameof(options.MaxTrackedSites), options.MaxTrackedSites),
            Enum.IsDefined(options.CallSiteCapture) ? null : $"BlockingDetectorOptions.CallSiteCapture has no meaning for {(int)options.CallSiteCapture}.",
            Enum.IsDefined(options.RuntimeEvents) ? null : $"BlockingDetectorOptions.RuntimeEvents has no meaning for {(int)options.RuntimeEvents}.",
        ];
        return checks.OfType<string>().ToList();
    }

    private static string? Positive(string name, TimeSpan value) =>
        value > TimeSpan.Zero && value.TotalMilliseconds <= int.MaxValue
            ? null
            : $"BlockingDetectorOptions.{name} must be positive and at most {int.MaxValue} ms (was {value}).";

    private static string? AtLeastOne(string name, int value) =>
        value >= 1 ? null : $"BlockingDetectorOptions.{name} must be at least 1 (was {value}).";
}
