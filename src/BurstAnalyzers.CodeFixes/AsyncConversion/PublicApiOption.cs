using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// Where the public API policy alone withheld an async fix (<see cref="PublicApiScope"/>), the fix list says so and
/// offers the way to allow it: <c>burst_analyzers.public_api_in_libraries = change</c> for the C# files of the project
/// whose API the fix would change, appended to the <c>.editorconfig</c> in that project's folder (made if there is none),
/// as the IDE's own "configure severity" actions edit it. A decision for a person: its Fix All is the conversion's
/// (<see cref="HandlerAsyncFixAllProvider"/>), so <c>dotnet format</c> never changes the policy.
/// </summary>
internal static class PublicApiOption
{
    /// <summary>The action's equivalence key.</summary>
    public const string EquivalenceKey = "BurstAnalyzers.AllowPublicApiChange";

    /// <summary>The action for <paramref name="project"/>; null where its folder is unknown.</summary>
    public static CodeAction? AllowIn(Project project)
    {
        if (FolderOf(project) is not { } folder)
        {
            return null;
        }

        var title = "Allow async fixes to change the public API of " + project.Name + " (" + BurstOptionKeys.PublicApiInLibraries + " = " + PublicApiPolicy.Change + " in its .editorconfig)";
        return CodeAction.Create(title, cancellationToken => AllowAsync(project, Path.Combine(folder, ".editorconfig"), cancellationToken), EquivalenceKey);
    }

    private static async Task<Solution> AllowAsync(Project project, string path, CancellationToken cancellationToken)
    {
        const string Section = "[*.cs]\n" + BurstOptionKeys.PublicApiInLibraries + " = " + PublicApiPolicy.Change + "\n";
        foreach (var document in project.AnalyzerConfigDocuments)
        {
            if (string.Equals(document.FilePath, path, StringComparison.Ordinal))
            {
                var text = await document.GetTextAsync(cancellationToken).ConfigureAwait(false);
                var existing = text.ToString();
                var separator = existing.Length == 0 ? "" : existing.EndsWith("\n", StringComparison.Ordinal) ? "\n" : "\n\n";
                return project.Solution.WithAnalyzerConfigDocumentText(document.Id, text.WithChanges(new TextChange(new TextSpan(text.Length, 0), separator + Section)));
            }
        }

        return project.Solution.AddAnalyzerConfigDocument(DocumentId.CreateNewId(project.Id), ".editorconfig", SourceText.From(Section), filePath: path);
    }

    /// <summary>The project file's folder, or, where the project has no file (an in-memory workspace), its first
    /// document's.</summary>
    private static string? FolderOf(Project project)
    {
        if (project.FilePath is { Length: > 0 } file)
        {
            return Path.GetDirectoryName(file);
        }

        foreach (var document in project.Documents)
        {
            if (document.FilePath is { Length: > 0 } path)
            {
                return Path.GetDirectoryName(path);
            }
        }

        return null;
    }
}
