using System.Runtime.InteropServices;
using BurstDemo.Infrastructure;
using BurstDemo.Results;

namespace BurstDemo.Reporting;

/// <summary>Reads what the report says about the machine: CPUs, OS, runtime, SDK, load (Linux files when present).</summary>
internal static class Machine
{
    public static MachineInfo Describe()
    {
        var sdk = DotNetCommand.Run(Directory.GetCurrentDirectory(), TimeSpan.FromMinutes(1), "--version");
        return new MachineInfo(
            Environment.ProcessorCount,
            ProcessorName(),
            RuntimeInformation.OSDescription.Trim(),
            RuntimeInformation.FrameworkDescription,
            sdk.ExitCode == 0 ? ".NET SDK " + sdk.Output.Trim() : "unknown SDK",
            LoadAverage());
    }

    public static string LoadAverage()
    {
        const string path = "/proc/loadavg";
        var fields = File.Exists(path) ? File.ReadAllText(path).Split(' ') : Array.Empty<string>();
        return fields.Length >= 3 ? $"{fields[0]} / {fields[1]} / {fields[2]}" : "unknown";
    }

    private static string ProcessorName()
    {
        const string path = "/proc/cpuinfo";
        var line = File.Exists(path) ? File.ReadLines(path).FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal)) : null;
        return line?.Split(':', 2)[1].Trim() ?? RuntimeInformation.ProcessArchitecture.ToString();
    }
}
