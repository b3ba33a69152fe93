using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// The public API policy (<c>burst_analyzers.public_api_in_libraries</c>, <see cref="PublicApiPolicy"/>) as one plan
/// applies it. A fix is planned with the policy kept; where that gives no fix, it is planned again with the policy set
/// aside, which tells whether the policy alone withheld the fix and in which projects, so that the fix list can say so
/// and offer to allow it (<see cref="PublicApiOption"/>). One place asks the policy for every member a fix would change.
/// </summary>
internal sealed class PublicApiScope
{
    private readonly HashSet<ProjectId>? _setAsideIn;

    private PublicApiScope(bool kept) => _setAsideIn = kept ? null : new HashSet<ProjectId>();

    public static PublicApiScope Kept() => new(kept: true);

    public static PublicApiScope SetAside() => new(kept: false);

    /// <summary>The projects whose policy would have kept a member this plan changed (none while the policy is kept).</summary>
    public IReadOnlyCollection<ProjectId> WithheldIn => (IReadOnlyCollection<ProjectId>?)_setAsideIn ?? Array.Empty<ProjectId>();

    /// <summary>Whether the fix may change <paramref name="member"/>'s name and signature (in <paramref name="document"/>,
    /// bound by <paramref name="model"/>): a packaged library's public API may be called from outside the solution,
    /// where a new name and return type would break the build unseen.</summary>
    public bool MayChange(IMethodSymbol member, Document document, SemanticModel model)
    {
        var options = document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider;
        var fileOptions = options.GetOptions(model.SyntaxTree);
        if (!PublicApiPolicy.MustKeep(member, model.Compilation, fileOptions, options.GlobalOptions, RequestHandlerModel.ForFix(model.Compilation).Frameworks.AnyPresent))
        {
            return true;
        }

        // "keep" written for the file is the user's decision, not a default to offer to change.
        if (_setAsideIn is null || fileOptions.TryGetValue(BurstOptionKeys.PublicApiInLibraries, out _))
        {
            return false;
        }

        _setAsideIn.Add(document.Project.Id);
        return true;
    }

    /// <summary>As <see cref="MayChange"/>, for a member found by symbol (an interface method a conversion's method
    /// implements): asked where it is declared in <paramref name="solution"/>; true where it is declared in none of its
    /// documents (the edit that would change it then finds nothing to change, and says so).</summary>
    public async Task<bool> MayChangeAsync(IMethodSymbol member, Solution solution, CancellationToken cancellationToken)
    {
        if (member.DeclaringSyntaxReferences is not { Length: > 0 } references
            || solution.GetDocument(references[0].SyntaxTree) is not { } document
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || model.GetDeclaredSymbol(await references[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false), cancellationToken) is not IMethodSymbol declared)
        {
            return true;
        }

        return MayChange(declared, document, model);
    }
}
