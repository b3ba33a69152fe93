using System.Collections.Generic;
using System.IO;
using System.Text.Json;

namespace BurstAnalyzers.Accuracy.Corpus;

/// <summary>corpus/corpus.json: the pinned projects, in the order they are built and reported.</summary>
public static class CorpusManifest
{
    public static List<CorpusEntry> Load(string path)
    {
        var options = new JsonSerializerOptions { PropertyNameCaseInsensitive = true, ReadCommentHandling = JsonCommentHandling.Skip };
        return JsonSerializer.Deserialize<List<CorpusEntry>>(File.ReadAllText(path), options)
            ?? throw new InvalidDataException(path + " lists no project.");
    }
}
