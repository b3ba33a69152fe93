using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.Incremental;

/// <summary>
/// A 128-bit hash of what a syntax tree declares: every token and preprocessor directive except those inside the
/// bodies of methods, accessors, constructors and operators. Binding a method body depends on the declarations of
/// every tree of the compilation and on that body alone, never on another member's body; so two compilations whose
/// trees have the same fingerprints bind an unchanged body the same way. Editing inside a method leaves the tree's
/// fingerprint as it was. Kept per tree: computed once for a tree, whatever the number of compilations it is part of.
/// </summary>
internal readonly struct DeclarationFingerprint : System.IEquatable<DeclarationFingerprint>
{
    private const ulong OffsetBasis = 14695981039346656037UL;
    private const ulong Prime = 1099511628211UL;

    private static readonly ConditionalWeakTable<SyntaxTree, Boxed> s_byTree = new();
    private static readonly ConditionalWeakTable<SyntaxTree, Boxed>.CreateValueCallback s_create = tree => new Boxed(Compute(tree));
    private static readonly ConditionalWeakTable<SyntaxTree, Boxed> s_withPathByTree = new();
    private static readonly ConditionalWeakTable<SyntaxTree, Boxed>.CreateValueCallback s_createWithPath
        = tree => new Boxed(Start().Add(tree.FilePath).Add(OfParseOptions(tree.Options)).Add(Of(tree)));

    private readonly ulong _low;
    private readonly ulong _high;

    private DeclarationFingerprint(ulong low, ulong high)
    {
        _low = low;
        _high = high;
    }

    public static DeclarationFingerprint Of(SyntaxTree tree) => s_byTree.GetValue(tree, s_create).Value;

    /// <summary>
    /// The tree's fingerprint with its path and parse options: what a compilation's stamp adds per tree, kept per tree
    /// too, so that a new compilation's stamp costs a look-up per tree instead of hashing every path again.
    /// </summary>
    public static DeclarationFingerprint WithPathAndOptions(SyntaxTree tree) => s_withPathByTree.GetValue(tree, s_createWithPath).Value;

    public static DeclarationFingerprint Start() => new(OffsetBasis, OffsetBasis ^ 0x9E3779B97F4A7C15UL);

    public DeclarationFingerprint Add(string text)
    {
        // Two FNV-1a hashes of differently seeded states: 128 bits, so distinct declarations never share one in practice.
        var low = _low;
        var high = _high;
        foreach (var c in text)
        {
            low = (low ^ c) * Prime;
            high = (high ^ c ^ 0x5bd1e995UL) * Prime;
        }

        low = (low ^ 0xFFFF) * Prime; // separator: "ab"+"c" differs from "a"+"bc"
        high = (high ^ 0xFFFE) * Prime;
        return new DeclarationFingerprint(low, high);
    }

    public DeclarationFingerprint Add(long value)
    {
        // Byte by byte, as for text: a compilation's stamp adds three values per tree, without allocating.
        var low = _low;
        var high = _high;
        for (var shift = 0; shift < 64; shift += 8)
        {
            var b = (ulong)(value >> shift) & 0xFF;
            low = (low ^ b) * Prime;
            high = (high ^ b ^ 0x5bd1e995UL) * Prime;
        }

        return new DeclarationFingerprint((low ^ 0xFFFD) * Prime, (high ^ 0xFFFC) * Prime);
    }

    public DeclarationFingerprint Add(DeclarationFingerprint other) => Add((long)other._low).Add((long)other._high);

    public bool Equals(DeclarationFingerprint other) => _low == other._low && _high == other._high;

    public override bool Equals(object? obj) => obj is DeclarationFingerprint other && Equals(other);

    public override int GetHashCode() => (int)_low;

    /// <summary>
    /// What parse options decide about binding, by value: never the options' own hash, which the compiler does not
    /// promise for every object it holds (its command-line reference resolver throws from <c>GetHashCode</c>).
    /// </summary>
    private static DeclarationFingerprint OfParseOptions(ParseOptions options)
    {
        var fingerprint = Start().Add(options.Language).Add((long)options.Kind).Add((long)options.DocumentationMode);
        if (options is CSharpParseOptions csharp)
        {
            fingerprint = fingerprint.Add((long)csharp.LanguageVersion);
        }

        foreach (var symbol in options.PreprocessorSymbolNames)
        {
            fingerprint = fingerprint.Add(symbol);
        }

        foreach (var feature in options.Features)
        {
            fingerprint = fingerprint.Add(feature.Key).Add(feature.Value);
        }

        return fingerprint;
    }

    private static DeclarationFingerprint Compute(SyntaxTree tree)
    {
        var fingerprint = Start();
        foreach (var token in tree.GetRoot().DescendantTokens(static node => !IsMemberBody(node), descendIntoTrivia: false))
        {
            foreach (var trivia in token.LeadingTrivia)
            {
                if (trivia.IsDirective)
                {
                    fingerprint = fingerprint.Add(trivia.ToString());
                }
            }

            fingerprint = fingerprint.Add(token.Text);
        }

        return fingerprint;
    }

    /// <summary>The body of a member: code that only that member's binding reads. Its tokens are left out.</summary>
    private static bool IsMemberBody(SyntaxNode node)
        => node.Parent is BaseMethodDeclarationSyntax or AccessorDeclarationSyntax or BasePropertyDeclarationSyntax
            && node is BlockSyntax or ArrowExpressionClauseSyntax;

    private sealed class Boxed
    {
        public Boxed(DeclarationFingerprint value) => Value = value;

        public DeclarationFingerprint Value { get; }
    }
}
