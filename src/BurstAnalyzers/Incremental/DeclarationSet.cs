using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Incremental;

/// <summary>
/// What every tree of a compilation declares (<see cref="DeclarationFingerprint"/> with path and parse options, tree by
/// tree, in order), shared by the later compilations whose trees declare the same (why: docs/architecture.md, "Kept across keystrokes"): a keystroke in a
/// method body leaves every declaration as it was, so what is derived from the declarations of all trees (the stamp of kept facts, the base-list names, the source's async method names) is built
/// once per set instead of once per compilation. Finding the set costs a reference comparison per tree. A set holds
/// trees of a compilation that uses it, and lives as long as its first or last tree (or a compilation using it):
/// besides the project's current trees it keeps at most <see cref="MaxReplacedTrees"/> replaced ones alive.
/// </summary>
internal sealed class DeclarationSet
{
    // Positions whose tree is not the one the set holds (all declaring the same) before the set takes the current
    // trees instead: keeps the comparison a reference check, and the replaced trees it keeps alive few.
    private const int MaxReplacedTrees = 16;

    private static readonly ConditionalWeakTable<Compilation, DeclarationSet> s_byCompilation = new();
    private static readonly ConditionalWeakTable<Compilation, DeclarationSet>.CreateValueCallback s_find = Find;

    // The latest set made from a compilation whose first (or last) tree this is: where the next compilation looks.
    private static readonly ConditionalWeakTable<SyntaxTree, StrongBox<DeclarationSet?>> s_byAnchorTree = new();

    private SyntaxTree[] _trees; // replaced as a whole (see Matches); readers see the old or the new array
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
        if (trees.Length == 0)
        {
            return new DeclarationSet(trees);
        }

        var first = trees[0];
        var last = trees[trees.Length - 1];
        if (s_byAnchorTree.TryGetValue(first, out var byFirst) && byFirst.Value is { } set && set.Matches(trees))
        {
            return set;
        }

        if (s_byAnchorTree.TryGetValue(last, out var byLast) && byLast.Value is { } other && other.Matches(trees))
        {
            Anchor(first, other); // the first tree was replaced (the document being edited): the next request finds it by either
            return other;
        }

        var created = new DeclarationSet(trees);
        Anchor(first, created);
        Anchor(last, created);
        return created;
    }

    private static void Anchor(SyntaxTree tree, DeclarationSet set) => s_byAnchorTree.GetOrCreateValue(tree).Value = set;

    /// <summary>
    /// Whether the trees declare what this set's trees do, position by position. When many positions hold other trees
    /// declaring the same (source generators that make new trees on every run), the set takes the current trees.
    /// </summary>
    private bool Matches(SyntaxTree[] trees)
    {
        var held = Volatile.Read(ref _trees);
        if (trees.Length != held.Length)
        {
            return false;
        }

        var replaced = 0;
        for (var i = 0; i < trees.Length; i++)
        {
            if (!ReferenceEquals(trees[i], held[i]))
            {
                if (!DeclarationFingerprint.WithPathAndOptions(trees[i]).Equals(_shares[i]))
                {
                    return false;
                }

                replaced++;
            }
        }

        if (replaced > MaxReplacedTrees)
        {
            Volatile.Write(ref _trees, trees);
        }

        return true;
    }
}
