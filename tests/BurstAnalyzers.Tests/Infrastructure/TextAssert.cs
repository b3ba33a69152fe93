using System;
using System.Text;
using Xunit;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>Exact text comparison with a line-by-line report, so whitespace and trivia differences are visible.</summary>
internal static class TextAssert
{
    public static void Equal(string expected, string actual, string what)
    {
        if (string.Equals(expected, actual, StringComparison.Ordinal))
        {
            return;
        }

        var expectedLines = expected.Split('\n');
        var actualLines = actual.Split('\n');
        var report = new StringBuilder($"{what} differs from the expected code.\n");
        for (var i = 0; i < Math.Max(expectedLines.Length, actualLines.Length); i++)
        {
            var e = i < expectedLines.Length ? expectedLines[i] : "<missing>";
            var a = i < actualLines.Length ? actualLines[i] : "<missing>";
            report.AppendLine(e == a ? $"  {i + 1,3}   {e}" : $"- {i + 1,3}   {Visible(e)}\n+ {i + 1,3}   {Visible(a)}");
        }

        Assert.Fail(report.ToString());
    }

    private static string Visible(string line) => line.Replace("\r", "\\r", StringComparison.Ordinal).Replace("\t", "\\t", StringComparison.Ordinal);
}
