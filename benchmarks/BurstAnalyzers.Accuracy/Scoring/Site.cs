namespace BurstAnalyzers.Accuracy.Scoring;

/// <summary>A line of a corpus file, relative to the repository root with forward slashes.</summary>
public readonly record struct Site(string File, int Line)
{
    public override string ToString() => File + ":" + Line;
}
