using System;
using System.Collections.Generic;
using System.Linq;
using BurstAnalyzers.Benchmarks.Corpus;

namespace BurstAnalyzers.Benchmarks.Editor;

/// <summary>
/// The corpus the editor mode works on: the generated one, with the handler files (controller, minimal API endpoints,
/// WCF service) of the first modules merged into one large handler document, and the documents to edit picked from
/// it: a typical controller, a minimal API file, a service with no handler, and the large handler document.
/// </summary>
internal static class EditorCorpus
{
    public const int LargeDocumentLines = 2_000;

    public static (IReadOnlyList<CorpusFile> Files, IReadOnlyList<EditorDocument> Documents) Create(GeneratedCorpus corpus)
    {
        var files = corpus.Files.ToList();
        var documents = new List<EditorDocument>();
        var picked = new List<CorpusFile>
        {
            Pick(documents, files, "controller", f => f.Path.EndsWith("Controller.cs", StringComparison.Ordinal), hasHandlers: true),
            Pick(documents, files, "minimal API endpoints", f => f.Path.EndsWith("Endpoints.cs", StringComparison.Ordinal), hasHandlers: true),
            Pick(documents, files, "service (no handler)", f => f.Path.EndsWith("Service.cs", StringComparison.Ordinal) && !IsHandlerFile(f), hasHandlers: false),
        };

        // The merged files come from the start of the corpus: the same text at every size.
        var merged = new List<CorpusFile>();
        var mergedLines = 0;
        foreach (var file in files)
        {
            if (mergedLines >= LargeDocumentLines)
            {
                break;
            }

            if (IsHandlerFile(file) && !picked.Contains(file))
            {
                merged.Add(file);
                mergedLines += file.Lines;
            }
        }

        var large = Merge("Handlers/AllHandlers.cs", merged);
        files = files.Where(f => !merged.Contains(f)).Append(large).ToList();
        documents.Add(new EditorDocument($"{merged.Count} handler files in one", large.Path, large.Lines, HasHandlers: true));
        return (files, documents);
    }

    private static bool IsHandlerFile(CorpusFile file)
        => file.Path.EndsWith("Controller.cs", StringComparison.Ordinal)
            || file.Path.EndsWith("Endpoints.cs", StringComparison.Ordinal)
            || file.Path.EndsWith("ContractService.cs", StringComparison.Ordinal);

    private static CorpusFile Pick(List<EditorDocument> documents, List<CorpusFile> files, string label, Func<CorpusFile, bool> accept, bool hasHandlers)
    {
        // The first one of median size among the first few: a typical file, not the smallest or the largest.
        var candidates = files.Where(accept).Take(9).OrderBy(f => f.Lines).ToList();
        if (candidates.Count == 0)
        {
            throw new InvalidOperationException($"The corpus has no {label} document.");
        }

        var file = candidates[candidates.Count / 2];
        documents.Add(new EditorDocument(label, file.Path, file.Lines, hasHandlers));
        return file;
    }

    /// <summary>
    /// One file from several with file-scoped namespaces: each becomes a namespace block holding its own usings, so
    /// the files' usings cannot clash.
    /// </summary>
    private static CorpusFile Merge(string path, IReadOnlyList<CorpusFile> files)
    {
        var text = new System.Text.StringBuilder();
        var lines = 0;
        foreach (var file in files)
        {
            var usings = new List<string>();
            var body = new List<string>();
            string? ns = null;
            foreach (var line in file.Text.Split('\n'))
            {
                if (ns is null && line.StartsWith("using ", StringComparison.Ordinal))
                {
                    usings.Add(line);
                }
                else if (ns is null && line.StartsWith("namespace ", StringComparison.Ordinal))
                {
                    ns = line.Substring("namespace ".Length).TrimEnd(';');
                }
                else if (ns is not null)
                {
                    body.Add(line);
                }
            }

            if (ns is null)
            {
                throw new InvalidOperationException($"{file.Path} has no file-scoped namespace to merge.");
            }

            foreach (var line in new[] { "namespace " + ns, "{" }.Concat(usings).Concat(body).Append("}"))
            {
                text.Append(line).Append('\n');
                lines++;
            }
        }

        return new CorpusFile(path, text.ToString(), lines);
    }
}
