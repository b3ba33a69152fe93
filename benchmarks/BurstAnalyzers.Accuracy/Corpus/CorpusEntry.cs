using System.Collections.Generic;

namespace BurstAnalyzers.Accuracy.Corpus;

/// <summary>
/// One project of the validation corpus, pinned: the public repository, the commit, the project to build, and what
/// must change for it to restore here (its target framework and package versions the package source lacks).
/// </summary>
public sealed class CorpusEntry
{
    /// <summary>Short name: the folder of its labels (corpus/labels/{Name}.tsv) and of its working copy.</summary>
    public string Name { get; set; } = "";

    /// <summary>owner/name on GitHub.</summary>
    public string Repo { get; set; } = "";

    public string Commit { get; set; } = "";

    /// <summary>The project to build, relative to the repository root.</summary>
    public string Project { get; set; } = "";

    /// <summary>What the project is and why it is in the corpus.</summary>
    public string About { get; set; } = "";

    /// <summary>Package id → version to use instead of the project's own (the package source serves only some versions).</summary>
    public Dictionary<string, string> Packages { get; set; } = new();

    /// <summary>Shared frameworks a retargeted library needs (its conditions named frameworks it no longer builds for).</summary>
    public List<string> FrameworkReferences { get; set; } = new();

    /// <summary>Package references to drop (not served here, not needed to compile the labelled code).</summary>
    public List<string> RemovePackages { get; set; } = new();

    /// <summary>
    /// Package id → version to add to every project of the copy: what a dropped metapackage (Microsoft.AspNetCore.All)
    /// used to bring, and the shared framework does not.
    /// </summary>
    public Dictionary<string, string> AddPackages { get; set; } = new();

    /// <summary>Source edits for APIs that moved (see <see cref="SourceEdit"/>); none changes a line count.</summary>
    public List<SourceEdit> Edits { get; set; } = new();
}
