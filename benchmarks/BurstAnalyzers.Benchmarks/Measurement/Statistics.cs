using System;
using System.Collections.Generic;

namespace BurstAnalyzers.Benchmarks.Measurement;

internal static class Statistics
{
    /// <summary>The median: robust against the odd run slowed by a GC or another process, unlike the mean.</summary>
    public static double Median(IReadOnlyList<double> values)
    {
        if (values.Count == 0)
        {
            return double.NaN;
        }

        var sorted = new List<double>(values);
        sorted.Sort();
        var middle = sorted.Count / 2;
        return sorted.Count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    public static double Min(IReadOnlyList<double> values)
    {
        var min = double.NaN;
        foreach (var value in values)
        {
            min = double.IsNaN(min) ? value : Math.Min(min, value);
        }

        return min;
    }

    public static double Max(IReadOnlyList<double> values)
    {
        var max = double.NaN;
        foreach (var value in values)
        {
            max = double.IsNaN(max) ? value : Math.Max(max, value);
        }

        return max;
    }
}
