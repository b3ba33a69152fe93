namespace BurstAnalyzers.Accuracy.Corpus;

/// <summary>
/// A one-place text replacement in a corpus file, for an API that moved between the project's framework and net10.0
/// (the retargeting a package version change cannot do). It may not add or remove lines: labels are by line.
/// </summary>
public sealed class SourceEdit
{
    /// <summary>The file, relative to the repository root.</summary>
    public string File { get; set; } = "";

    /// <summary>Text that occurs exactly once in the file.</summary>
    public string Find { get; set; } = "";

    public string Replace { get; set; } = "";

    /// <summary>What moved, so a reader can judge the edit.</summary>
    public string Why { get; set; } = "";
}
