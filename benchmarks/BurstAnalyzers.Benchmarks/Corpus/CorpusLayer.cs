namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// The project a generated file belongs to in the layered build (<c>--layered</c>): the usual .NET layout, a web project
/// over a services library over a data library. Each module's chain runs through all three: the handler (Web) calls the
/// service, which calls the repository and the helpers (Services), which call the low-level I/O (Data).
/// </summary>
internal enum CorpusLayer
{
    /// <summary>Models, mapping, validation and low-level I/O: Contoso.Data.</summary>
    Data,

    /// <summary>Helpers, repositories and services: Contoso.Services, referencing Contoso.Data.</summary>
    Services,

    /// <summary>Controllers, minimal API endpoints, WCF services, jobs and the composition root: Contoso.Web, referencing both.</summary>
    Web,
}
