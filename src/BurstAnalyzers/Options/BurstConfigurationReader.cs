using System.Collections.Concurrent;
using System.Collections.Immutable;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Options;

/// <summary>
/// The one place options are read: per syntax tree (.editorconfig sections, then global options), parsed and resolved
/// once per distinct raw value per compilation.
/// </summary>
internal sealed class BurstConfigurationReader
{
    private readonly Compilation _compilation;
    private readonly ConcurrentDictionary<string, ImmutableHashSet<INamedTypeSymbol>> _typeLists = new();
    private readonly ConcurrentDictionary<string, ImmutableHashSet<ISymbol>> _apiLists = new();
    private readonly ConcurrentDictionary<SyntaxTree, BurstConfiguration> _byTree = new();
    private TreeConfiguration? _last;

    public BurstConfigurationReader(Compilation compilation) => _compilation = compilation;

    public static string? Raw(AnalyzerConfigOptionsProvider provider, SyntaxTree tree, string key)
    {
        if (provider.GetOptions(tree).TryGetValue(key, out var value) || provider.GlobalOptions.TryGetValue(key, out value))
        {
            return value;
        }

        return null;
    }

    /// <summary>True when any tree (or the global options) sets a key that declares handlers.</summary>
    public static bool AnyTreeDeclaresHandlers(Compilation compilation, AnalyzerConfigOptionsProvider provider)
    {
        if (provider.GlobalOptions.TryGetValue(BurstOptionKeys.HandlerAttributes, out _)
            || provider.GlobalOptions.TryGetValue(BurstOptionKeys.HandlerBaseTypes, out _))
        {
            return true;
        }

        foreach (var tree in compilation.SyntaxTrees)
        {
            var options = provider.GetOptions(tree);
            if (options.TryGetValue(BurstOptionKeys.HandlerAttributes, out _) || options.TryGetValue(BurstOptionKeys.HandlerBaseTypes, out _))
            {
                return true;
            }
        }

        return false;
    }

    public BurstConfiguration For(AnalyzerConfigOptionsProvider provider, SyntaxTree tree)
    {
        // Asked for every operation, and the driver delivers a tree's operations together: the last answer usually fits.
        if (_last is { } last && ReferenceEquals(last.Tree, tree))
        {
            return last.Configuration;
        }

        var configuration = Read(provider, tree);
        _last = new TreeConfiguration(tree, configuration);
        return configuration;
    }

    private BurstConfiguration Read(AnalyzerConfigOptionsProvider provider, SyntaxTree tree)
    {
        if (_byTree.TryGetValue(tree, out var cached))
        {
            return cached;
        }

        var attributes = Raw(provider, tree, BurstOptionKeys.HandlerAttributes);
        var baseTypes = Raw(provider, tree, BurstOptionKeys.HandlerBaseTypes);
        var blocking = Raw(provider, tree, BurstOptionKeys.AdditionalBlockingApis);
        var excluded = Raw(provider, tree, BurstOptionKeys.ExcludedApis);
        var depth = Raw(provider, tree, BurstOptionKeys.MaxCallDepth);

        // An invalid depth falls back to the default (and is reported as BURST900).
        var configuration = attributes is null && baseTypes is null && blocking is null && excluded is null && depth is null
            ? BurstConfiguration.Empty
            : new BurstConfiguration(
                TypeList(attributes),
                TypeList(baseTypes),
                ApiList(blocking),
                ApiList(excluded),
                OptionValue.TryParsePositiveInteger(depth, out var maxCallDepth) ? maxCallDepth : BurstConfiguration.DefaultMaxCallDepth);
        return _byTree.GetOrAdd(tree, configuration);
    }

    private ImmutableHashSet<INamedTypeSymbol> TypeList(string? raw)
    {
        if (raw is null)
        {
            return ImmutableHashSet<INamedTypeSymbol>.Empty;
        }

        if (_typeLists.TryGetValue(raw, out var cached))
        {
            return cached;
        }

        var builder = ImmutableHashSet.CreateBuilder<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var name in OptionValue.SplitList(raw))
        {
            if (OptionValue.IsMetadataName(name) && WellKnownTypes.For(_compilation).Get(name) is { } type)
            {
                builder.Add(type);
            }
        }

        return _typeLists.GetOrAdd(raw, builder.ToImmutable());
    }

    private ImmutableHashSet<ISymbol> ApiList(string? raw)
    {
        if (raw is null)
        {
            return ImmutableHashSet<ISymbol>.Empty;
        }

        if (_apiLists.TryGetValue(raw, out var cached))
        {
            return cached;
        }

        var builder = ImmutableHashSet.CreateBuilder<ISymbol>(SymbolEqualityComparer.Default);
        foreach (var id in OptionValue.SplitList(raw))
        {
            if (!OptionValue.IsMemberDocumentationId(id))
            {
                continue;
            }

            foreach (var symbol in DocumentationCommentId.GetSymbolsForDeclarationId(id, _compilation))
            {
                // A property stands for its getter: that is the call that blocks.
                builder.Add(symbol is IPropertySymbol { GetMethod: { } getter } ? getter.OriginalDefinition : symbol.OriginalDefinition);
            }
        }

        return _apiLists.GetOrAdd(raw, builder.ToImmutable());
    }

    /// <summary>The options of the tree asked for last, swapped as one reference so concurrent callers see a matching pair.</summary>
    private sealed class TreeConfiguration
    {
        public TreeConfiguration(SyntaxTree tree, BurstConfiguration configuration)
        {
            Tree = tree;
            Configuration = configuration;
        }

        public SyntaxTree Tree { get; }

        public BurstConfiguration Configuration { get; }
    }
}
