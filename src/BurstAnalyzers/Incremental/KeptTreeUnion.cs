using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Incremental;

/// <summary>
/// What is merged from a part of every tree of a compilation (the registration calls of each tree, what they register),
/// kept for the next compilation with the same declarations (docs/architecture.md, "Kept across keystrokes"). A
/// keystroke makes a compilation whose trees are the previous one's but the edited one: only the trees that are not
/// the kept ones are asked for their part, and where each part is the same as the part of the tree it replaces, the
/// kept whole is this compilation's too. A keystroke then costs a reference comparison per tree instead of a merge of
/// every tree's part. Parts and wholes hold syntax and names only, never a symbol: a later compilation uses them.
/// </summary>
/// <typeparam name="TPart">One tree's part; for a given <c>stamp</c>, the same tree object always gives the same part.</typeparam>
/// <typeparam name="TWhole">The merge of all parts, read only once made: shared by every compilation that finds it.</typeparam>
internal sealed class KeptTreeUnion<TPart, TWhole>
    where TWhole : class
{
    private readonly ConditionalWeakTable<DeclarationSet, StrongBox<Kept?>> _byDeclarations = new();
    private readonly Func<TPart, TPart, bool> _samePart;
    private readonly Func<TPart[], TWhole> _merge;

    /// <param name="samePart">Whether a replaced tree's part leaves the whole as it was (equal parts, or both empty).</param>
    /// <param name="merge">The whole of the parts, in the compilation's tree order.</param>
    public KeptTreeUnion(Func<TPart, TPart, bool> samePart, Func<TPart[], TWhole> merge)
    {
        _samePart = samePart;
        _merge = merge;
    }

    /// <summary>
    /// The whole of <paramref name="compilation"/>'s parts. <paramref name="stamp"/> is what the parts depend on besides
    /// their own tree (the <see cref="CompilationStamp"/> for parts bound in the compilation); a kept whole made under
    /// another stamp is not used.
    /// </summary>
    public TWhole Get(Compilation compilation, DeclarationFingerprint stamp, Func<SyntaxTree, TPart> partOf)
    {
        var trees = new List<SyntaxTree>(compilation.SyntaxTrees).ToArray();
        var holder = _byDeclarations.GetOrCreateValue(DeclarationSet.Of(compilation));
        var kept = Volatile.Read(ref holder.Value);
        if (kept is not null && (!kept.Stamp.Equals(stamp) || kept.Trees.Length != trees.Length))
        {
            kept = null;
        }

        var parts = new TPart[trees.Length];
        var replaced = false;
        var samePartsWhereReplaced = kept is not null;
        for (var i = 0; i < trees.Length; i++)
        {
            if (kept is not null && ReferenceEquals(trees[i], kept.Trees[i]))
            {
                parts[i] = kept.Parts[i];
                continue;
            }

            parts[i] = partOf(trees[i]);
            replaced = true;
            samePartsWhereReplaced = samePartsWhereReplaced && _samePart(parts[i], kept!.Parts[i]);
        }

        if (kept is not null && !replaced)
        {
            return kept.Whole;
        }

        // The current trees are kept, so that the next keystroke compares with them (one replaced tree, not all the
        // documents edited since the whole was made).
        var whole = samePartsWhereReplaced ? kept!.Whole : _merge(parts);
        Volatile.Write(ref holder.Value, new Kept(stamp, trees, parts, whole));
        return whole;
    }

    private sealed class Kept
    {
        public Kept(DeclarationFingerprint stamp, SyntaxTree[] trees, TPart[] parts, TWhole whole)
        {
            Stamp = stamp;
            Trees = trees;
            Parts = parts;
            Whole = whole;
        }

        public DeclarationFingerprint Stamp { get; }

        public SyntaxTree[] Trees { get; }

        public TPart[] Parts { get; }

        public TWhole Whole { get; }
    }
}
