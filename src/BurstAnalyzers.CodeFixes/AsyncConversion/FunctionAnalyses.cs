using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>Function analyses shared by all drafts of one fix (Fix All analyses each function once).</summary>
internal sealed class FunctionAnalyses
{
    private readonly Dictionary<SyntaxNode, FunctionEdit?> _byDeclaration = new();
    private readonly Dictionary<SyntaxNode, bool> _configuresAwaits = new();

    private readonly PublicApiScope _publicApi;

    public FunctionAnalyses(Solution solution, PublicApiScope publicApi)
    {
        Names = new SolutionNames(solution);
        _publicApi = publicApi;
    }

    /// <summary>The solution's spelled names, read once per fix.</summary>
    public SolutionNames Names { get; }

    public async Task<FunctionEdit?> GetAsync(Document document, SemanticModel model, SyntaxNode declaration, CancellationToken cancellationToken)
    {
        if (!_byDeclaration.TryGetValue(declaration, out var edit))
        {
            edit = await FunctionAnalysis.AnalyzeAsync(document, model, declaration, _publicApi, cancellationToken).ConfigureAwait(false);
            _byDeclaration[declaration] = edit;
        }

        return edit;
    }

    /// <summary>Whether the awaits added in the function take <c>.ConfigureAwait(false)</c> (<see cref="AwaitConvention"/>),
    /// decided once per function.</summary>
    public bool ConfiguresAwaitsIn(Document document, SemanticModel model, SyntaxNode declaration, CancellationToken cancellationToken)
    {
        if (!_configuresAwaits.TryGetValue(declaration, out var configures))
        {
            configures = AwaitConvention.ConfiguresAwaitsIn(document, model, declaration, cancellationToken);
            _configuresAwaits[declaration] = configures;
        }

        return configures;
    }
}
