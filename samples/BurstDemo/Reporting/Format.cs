using System.Globalization;

namespace BurstDemo.Reporting;

/// <summary>Numbers as the table and the report print them: seconds with two decimals, invariant culture.</summary>
internal static class Format
{
    public static string Seconds(double ms) => (ms / 1000).ToString("0.00", CultureInfo.InvariantCulture) + " s";

    public static string Seconds(double? ms) => ms is { } value ? Seconds(value) : "n/a";

    public static string Number(double value, string format = "0.##") => value.ToString(format, CultureInfo.InvariantCulture);
}
