using System.Text.Json;
using System.Text.Json.Serialization;

namespace BurstDemo.Results;

/// <summary>The machine the demo ran on: the numbers depend on it, so the report and the JSON say what it was.</summary>
internal sealed record MachineInfo(int ProcessorCount, string Processor, string Os, string Runtime, string Sdk, string LoadAverage);

/// <summary>How one variant of one sample was made, for the report: BURST warnings its build printed and what its fix changed.</summary>
internal sealed record VariantSummary(string Name, string Description, int BurstWarnings, IReadOnlyList<string> Warnings, IReadOnlyList<string> Changes, string Notes, string Sample);

/// <summary>Everything one demo run measured; written with --json for tests and other tools.</summary>
internal sealed record DemoResults(
    DateTimeOffset StartedUtc,
    string CommandLine,
    MachineInfo Machine,
    int Requests,
    int DelayMs,
    IReadOnlyList<string> Scenarios,
    IReadOnlyList<VariantSummary> Variants,
    IReadOnlyList<RunResult> Runs)
{
    private static readonly JsonSerializerOptions Json = new()
    {
        WriteIndented = true,
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    };

    public void WriteJson(string path)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, JsonSerializer.Serialize(this, Json));
    }
}
