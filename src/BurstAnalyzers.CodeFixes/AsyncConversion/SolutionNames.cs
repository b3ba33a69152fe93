using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// What the solution's source spells, for two questions a symbol search cannot answer. Is a new name free — spelled
/// by no identifier anywhere, so a renamed method can neither capture an existing call (to a member of an outer or
/// derived type, a <c>using static</c> import, an extension method, a local) nor be captured by one? And may a
/// late-bound (<c>dynamic</c>) call name a function, which no reference search finds? Texts are read once per fix;
/// only files that contain the name at all are parsed or bound.
/// </summary>
internal sealed class SolutionNames
{
    private const string DynamicKeyword = "dynamic";

    private readonly Solution _solution;
    private readonly Dictionary<string, bool> _spelled = new(StringComparer.Ordinal);
    private readonly Dictionary<string, bool> _dynamic = new(StringComparer.Ordinal);
    private List<(Document Document, string Text)>? _texts;

    public SolutionNames(Solution solution) => _solution = solution;

    /// <summary>Whether any identifier in the solution (documentation included) is <paramref name="name"/>.</summary>
    public async Task<bool> IsSpelledAsync(string name, CancellationToken cancellationToken)
    {
        if (!_spelled.TryGetValue(name, out var spelled))
        {
            spelled = false;
            foreach (var (document, text) in await TextsAsync(cancellationToken).ConfigureAwait(false))
            {
                if (text.IndexOf(name, StringComparison.Ordinal) >= 0 && await SpellsAsync(document, name, cancellationToken).ConfigureAwait(false))
                {
                    spelled = true;
                    break;
                }
            }

            _spelled[name] = spelled;
        }

        return spelled;
    }

    /// <summary>Whether a member access on a <c>dynamic</c> receiver names <paramref name="name"/> somewhere.</summary>
    public async Task<bool> HasDynamicAccessToAsync(string name, CancellationToken cancellationToken)
    {
        if (!_dynamic.TryGetValue(name, out var found))
        {
            found = false;
            foreach (var (document, text) in await TextsAsync(cancellationToken).ConfigureAwait(false))
            {
                if (text.IndexOf(DynamicKeyword, StringComparison.Ordinal) >= 0
                    && text.IndexOf(name, StringComparison.Ordinal) >= 0
                    && await AccessesDynamicallyAsync(document, name, cancellationToken).ConfigureAwait(false))
                {
                    found = true;
                    break;
                }
            }

            _dynamic[name] = found;
        }

        return found;
    }

    private async Task<List<(Document Document, string Text)>> TextsAsync(CancellationToken cancellationToken)
    {
        if (_texts is null)
        {
            var texts = new List<(Document, string)>();
            foreach (var project in _solution.Projects)
            {
                foreach (var document in project.Documents)
                {
                    texts.Add((document, (await document.GetTextAsync(cancellationToken).ConfigureAwait(false)).ToString()));
                }
            }

            _texts = texts;
        }

        return _texts;
    }

    private static async Task<bool> SpellsAsync(Document document, string name, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        if (root is null)
        {
            return true; // cannot tell: not free
        }

        foreach (var token in root.DescendantTokens(descendIntoTrivia: true))
        {
            if (token.IsKind(SyntaxKind.IdentifierToken) && token.ValueText == name)
            {
                return true;
            }
        }

        return false;
    }

    private static async Task<bool> AccessesDynamicallyAsync(Document document, string name, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
        {
            return true;
        }

        foreach (var node in root.DescendantNodes())
        {
            if (node is SimpleNameSyntax simple
                && simple.Identifier.ValueText == name
                && simple.Parent is MemberAccessExpressionSyntax or MemberBindingExpressionSyntax
                && model.GetOperation(simple.Parent, cancellationToken) is IDynamicMemberReferenceOperation)
            {
                return true;
            }
        }

        return false;
    }
}
