using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>A mention of a function in documentation (<c>&lt;see cref="Load"/&gt;</c>): no await, but it follows a rename.</summary>
internal readonly struct CrefReference
{
    public CrefReference(DocumentId documentId, SimpleNameSyntax name, string? newName = null)
    {
        DocumentId = documentId;
        Name = name;
        NewName = newName;
    }

    public DocumentId DocumentId { get; }

    public SimpleNameSyntax Name { get; }

    /// <summary>The name the referenced function takes, once the fix decides it.</summary>
    public string? NewName { get; }

    public CrefReference Renaming(string newName) => new(DocumentId, Name, newName);
}
