using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// What every tree of a compilation declares (<see cref="DeclarationFingerprint"/> with path and parse options, tree by
/// tree, in order), shared by the later compilations whose trees declare the same. An editor makes a new compilation
/// after every keystroke, and a keystroke in a method body leaves every declaration as it was: what is derived from the
/// declarations of all trees (the stamp of kept facts, the base-list names, the source's async method names) is built
/// once per set instead of once per compilation. Finding the set costs a reference comparison per tree. A set holds
/// the trees it was made from, and lives as long as its first or last tree (or a compilation using it): besides the
/// project's current trees it keeps at most <see cref="MaxReplacedTrees"/> replaced ones alive.
/// </summary>
internal sealed class DeclarationSet
{
    // Positions whose tree is not the one the set was made from (all declaring the same), before a new set is made
    // from the current trees: keeps the comparison of unchanged trees a reference check.
    private const int MaxReplacedTrees = 16;

    private static readonly ConditionalWeakTable<Compilation, DeclarationSet> s_byCompilation = new();
    private static readonly ConditionalWeakTable<Compilation, DeclarationSet>.CreateValueCallback s_find = Find;

    // The latest set made from a compilation whose first (or last) tree this is: where the next compilation looks.
    private static readonly ConditionalWeakTable<SyntaxTree, StrongBox<DeclarationSet?>> s_byAnchorTree = new();

    private readonly SyntaxTree[] _trees;
    private readonly DeclarationFingerprint[] _shares;

    private DeclarationSet(SyntaxTree[] trees)
    {
        _trees = trees;
        _shares = new DeclarationFingerprint[trees.Length];
        var fingerprint = DeclarationFingerprint.Start();
        for (var i = 0; i < trees.Length; i++)
        {
            _shares[i] = DeclarationFingerprint.WithPathAndOptions(trees[i]);
            fingerprint = fingerprint.Add(_shares[i]);
        }

        Fingerprint = fingerprint;
    }

    /// <summary>The declarations of all trees, paths and parse options included, in the compilation's order.</summary>
    public DeclarationFingerprint Fingerprint { get; }

    public static DeclarationSet Of(Compilation compilation) => s_byCompilation.GetValue(compilation, s_find);

    private static DeclarationSet Find(Compilation compilation)
    {
        var trees = new List<SyntaxTree>(compilation.SyntaxTrees).ToArray();
        if (trees.Length > 0)
        {
            foreach (var anchor in new[] { trees[0], trees[trees.Length - 1] })
            {
                if (s_byAnchorTree.TryGetValue(anchor, out var latest) && latest.Value is { } set && set.Matches(trees))
                {
                    return set;
                }
            }
        }

        var created = new DeclarationSet(trees);
        if (trees.Length > 0)
        {
            s_byAnchorTree.GetOrCreateValue(trees[0]).Value = created;
            s_byAnchorTree.GetOrCreateValue(trees[trees.Length - 1]).Value = created;
        }

        return created;
    }

    /// <summary>Whether the trees declare what this set's trees do, position by position.</summary>
    private bool Matches(SyntaxTree[] trees)
    {
        if (trees.Length != _trees.Length)
        {
            return false;
        }

        var replaced = 0;
        for (var i = 0; i < trees.Length; i++)
        {
            if (!ReferenceEquals(trees[i], _trees[i])
                && (++replaced > MaxReplacedTrees || !DeclarationFingerprint.WithPathAndOptions(trees[i]).Equals(_shares[i])))
            {
                return false;
            }
        }

        return true;
    }
}
