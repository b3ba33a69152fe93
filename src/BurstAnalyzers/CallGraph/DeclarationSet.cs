using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// What every tree of a compilation declares (<see cref="DeclarationFingerprint"/> with path and parse options, tree by
/// tree, in order), shared by the later compilations whose trees declare the same. An editor makes a new compilation
/// after every keystroke, and a keystroke in a method body leaves every declaration as it was: what is derived from the
/// declarations of all trees (the stamp of kept facts, the base-list names, the source's async method names) is built
/// once per set instead of once per compilation. Finding the set costs one look-up per tree; nothing here holds a tree.
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

    private readonly DeclarationFingerprint.Boxed[] _trees;

    private DeclarationSet(DeclarationFingerprint.Boxed[] trees)
    {
        _trees = trees;
        var fingerprint = DeclarationFingerprint.Start();
        foreach (var tree in trees)
        {
            fingerprint = fingerprint.Add(tree.Value);
        }

        Fingerprint = fingerprint;
    }

    /// <summary>The declarations of all trees, paths and parse options included, in the compilation's order.</summary>
    public DeclarationFingerprint Fingerprint { get; }

    public static DeclarationSet Of(Compilation compilation) => s_byCompilation.GetValue(compilation, s_find);

    private static DeclarationSet Find(Compilation compilation)
    {
        var trees = new List<SyntaxTree>(compilation.SyntaxTrees);
        var shares = new DeclarationFingerprint.Boxed[trees.Count];
        if (trees.Count > 0)
        {
            foreach (var anchor in new[] { trees[0], trees[trees.Count - 1] })
            {
                if (s_byAnchorTree.TryGetValue(anchor, out var latest) && latest.Value is { } set && set.Matches(trees, shares))
                {
                    return set;
                }
            }
        }

        for (var i = 0; i < trees.Count; i++)
        {
            shares[i] ??= DeclarationFingerprint.WithPathAndOptions(trees[i]);
        }

        var created = new DeclarationSet(shares);
        if (trees.Count > 0)
        {
            s_byAnchorTree.GetOrCreateValue(trees[0]).Value = created;
            s_byAnchorTree.GetOrCreateValue(trees[trees.Count - 1]).Value = created;
        }

        return created;
    }

    /// <summary>Whether the trees declare what this set's trees do, position by position; fills in the shares read.</summary>
    private bool Matches(List<SyntaxTree> trees, DeclarationFingerprint.Boxed[] shares)
    {
        if (trees.Count != _trees.Length)
        {
            return false;
        }

        var replaced = 0;
        for (var i = 0; i < trees.Count; i++)
        {
            var share = shares[i] = DeclarationFingerprint.WithPathAndOptions(trees[i]);
            if (!ReferenceEquals(share, _trees[i]) && (!share.Value.Equals(_trees[i].Value) || ++replaced > MaxReplacedTrees))
            {
                return false;
            }
        }

        return true;
    }
}
