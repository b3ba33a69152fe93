using System.IO;

namespace BurstAnalyzers.Benchmarks;

/// <summary>The machine's load average (Linux), recorded with the results: a busy machine inflates every timing.</summary>
internal static class MachineLoad
{
    public static string? Read()
    {
        const string path = "/proc/loadavg";
        if (!File.Exists(path))
        {
            return null;
        }

        var fields = File.ReadAllText(path).Split(' ');
        return fields.Length >= 3 ? $"{fields[0]} / {fields[1]} / {fields[2]}" : null;
    }
}
