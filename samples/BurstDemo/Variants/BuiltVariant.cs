namespace BurstDemo.Variants;

/// <summary>A variant's server, built in Release: what was done to the sample and what its build reported.</summary>
internal sealed record BuiltVariant(
    VariantKind Kind,
    string Directory,
    string ServerAssembly,
    IReadOnlyList<string> BurstWarnings,
    IReadOnlyList<LineDiff.FileChange> Changes,
    string Notes,
    double PrepareSeconds);
