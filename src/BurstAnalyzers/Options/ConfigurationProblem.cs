namespace BurstAnalyzers.Options;

/// <summary>One invalid entry of one option, reported as BURST900.</summary>
internal readonly struct ConfigurationProblem
{
    public ConfigurationProblem(string key, string value, string reason)
    {
        Key = key;
        Value = value;
        Reason = reason;
    }

    public string Key { get; }

    public string Value { get; }

    public string Reason { get; }
}
