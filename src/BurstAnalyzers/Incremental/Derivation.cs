namespace BurstAnalyzers.Incremental;

/// <summary>
/// One name in one base list, read from syntax: type <see cref="Name"/> (or a using alias of that name) derives from
/// (or stands for) a type whose rightmost simple name is <see cref="BaseName"/>, written where <see cref="Scope"/> says
/// which namespaces a simple name can reach.
/// </summary>
internal sealed class Derivation
{
    public Derivation(string name, string? metadataName, string? namespaceName, string baseName, bool baseQualified, NameScope scope, bool fileLocal = false)
    {
        Name = name;
        FileLocal = fileLocal;
        MetadataName = metadataName;
        NamespaceName = namespaceName;
        BaseName = baseName;
        BaseQualified = baseQualified;
        Scope = scope;
    }

    /// <summary>The deriving type's name, or the alias's.</summary>
    public string Name { get; }

    /// <summary>The deriving type's metadata name ("A.B.Outer+Inner`1"); null for an alias.</summary>
    public string? MetadataName { get; }

    /// <summary>The namespace a top-level deriving type is declared in ("" for the global one); null for a nested type
    /// or an alias, whose name other base lists may reach in more ways than by namespace.</summary>
    public string? NamespaceName { get; }

    public string BaseName { get; }

    /// <summary>The base is written with a qualifier (<c>Data.IStore</c>, <c>global::Shop.Data.IStore</c>): taken as
    /// possibly naming a type of any namespace.</summary>
    public bool BaseQualified { get; }

    public NameScope Scope { get; }

    /// <summary>The deriving type is a <c>file</c> type or inside one: its metadata name is not the one written (the
    /// compiler mangles it), and a namesake elsewhere may hold the written one.</summary>
    public bool FileLocal { get; }
}
