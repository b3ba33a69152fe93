using System;
using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Threading;
using BurstAnalyzers.Incremental;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The facts of methods bound on demand, kept from one compilation to the next (docs/architecture.md, "Kept across keystrokes"). BURST005 needs the facts of the methods a handler calls,
/// written in other documents: bound again on every request, they cost far more than the document itself. A method's
/// facts depend on its own body, on the declarations of every tree, on the references and options of the compilation
/// and on the options of its file — nothing else. So they are kept with the method's syntax tree (which an edit of
/// another document leaves as it is) under a stamp of all the rest (<see cref="CompilationStamp"/>), and read back only
/// by a compilation with the same stamp and the same options for that file.
/// What is kept holds no symbol of the old compilation: the methods a call names are kept by where they are declared
/// (<see cref="MethodLocator"/>) and found again in the new one, and their overrides and implementations looked up there afresh.
/// <para>
/// Only methods with one declaration are kept: not explicit constructors (they also run initializers and base
/// constructors found elsewhere in their type, possibly in another file; an implicit one is kept with its type's
/// one declaration), not partial methods, not local functions (and not the facts of a method calling one: a local
/// function cannot be found again by its type's members).
/// </para>
/// </summary>
internal sealed class FactsAcrossCompilations
{
    private static readonly ConditionalWeakTable<SyntaxTree, ConcurrentDictionary<TextSpan, StoredFacts>> s_byTree = new();

    private readonly Compilation _compilation;
    private readonly CallTargets _targets;
    private readonly AnalyzerConfigOptionsProvider _options;
    private readonly Lazy<DeclarationFingerprint> _stamp;
    private readonly ConcurrentDictionary<SyntaxTree, string> _fileOptions = new();
    private readonly ConcurrentDictionary<MethodLocator, IMethodSymbol?> _methodsByLocator = new();
    private readonly Func<MethodLocator, IMethodSymbol?> _findMethod;
    private readonly Func<SyntaxTree, string> _readFileOptions;

    public FactsAcrossCompilations(Compilation compilation, CallTargets targets, AnalyzerConfigOptionsProvider options)
    {
        _compilation = compilation;
        _targets = targets;
        _options = options;
        _stamp = new Lazy<DeclarationFingerprint>(() => CompilationStamp.Of(compilation), LazyThreadSafetyMode.ExecutionAndPublication);
        _findMethod = FindMethod;
        _readFileOptions = ReadFileOptions;
    }

    public bool TryGet(IMethodSymbol method, out MethodFacts facts)
    {
        facts = MethodFacts.None;
        if (DeclarationOf(method) is not { } declaration
            || !s_byTree.TryGetValue(declaration.SyntaxTree, out var stored)
            || !stored.TryGetValue(declaration.Span, out var entry)
            || !entry.Stamp.Equals(_stamp.Value)
            || !string.Equals(entry.FileOptions, FileOptions(declaration.SyntaxTree), StringComparison.Ordinal))
        {
            return false;
        }

        var calls = ImmutableArray.CreateBuilder<SourceCall>(entry.Calls.Length);
        foreach (var call in entry.Calls)
        {
            if (MethodAt(call.Called) is not { } called)
            {
                return false; // cannot happen with an equal stamp; bind again rather than guess
            }

            calls.Add(new SourceCall(call.Syntax, _targets.Of(called, call.VirtualCall), called, call.VirtualCall));
        }

        facts = MethodFacts.Of(entry.Blocking, entry.OtherBlocking, calls.MoveToImmutable(), ImmutableArray<QuerySink>.Empty, ReturnedQuery.None, ImmutableArray<OpenCall>.Empty);
        return true;
    }

    public void Store(IMethodSymbol method, MethodFacts facts)
    {
        // Query flows name syntax and symbols of their own; such facts are bound again (few methods have them).
        if (facts.HasQueryFlows || DeclarationOf(method) is not { } declaration)
        {
            return;
        }

        var calls = ImmutableArray.CreateBuilder<StoredCall>(facts.Calls.Length);
        foreach (var call in facts.Calls)
        {
            // An anonymous type's members are the compiler's trivial accessors: they never block, and no name finds them again.
            if (call.Called.ContainingType is { IsAnonymousType: true })
            {
                continue;
            }

            // Kept only when the locator finds exactly this method again.
            if (call.Called.MethodKind == MethodKind.LocalFunction
                || MethodLocator.For(call.Called) is not { } locator
                || !SymbolEqualityComparer.Default.Equals(MethodAt(locator), call.Called))
            {
                return;
            }

            calls.Add(new StoredCall(call.Syntax, locator, call.VirtualCall));
        }

        var entry = new StoredFacts(_stamp.Value, FileOptions(declaration.SyntaxTree), facts.Blocking, facts.OtherBlocking, calls.ToImmutable());
        s_byTree.GetOrCreateValue(declaration.SyntaxTree)[declaration.Span] = entry;
    }

    /// <summary>
    /// The one declaration of a method whose facts can be kept, or null. An implicit constructor is kept with its
    /// type's declaration: what it runs (the initializers, the base constructor call) is all written there, and any
    /// change to an initializer changes that tree's fingerprint.
    /// </summary>
    private static SyntaxReference? DeclarationOf(IMethodSymbol method)
    {
        if (method.MethodKind is MethodKind.Constructor or MethodKind.StaticConstructor
            && method.IsImplicitlyDeclared
            && method.ContainingType is { IsAnonymousType: false, DeclaringSyntaxReferences.Length: 1 } type)
        {
            return type.DeclaringSyntaxReferences[0];
        }

        if (method.MethodKind is not (MethodKind.Ordinary or MethodKind.PropertyGet or MethodKind.PropertySet
                or MethodKind.ExplicitInterfaceImplementation or MethodKind.UserDefinedOperator or MethodKind.Conversion)
            || method.PartialDefinitionPart is not null
            || method.PartialImplementationPart is not null
            || method.DeclaringSyntaxReferences.Length != 1)
        {
            return null;
        }

        return method.DeclaringSyntaxReferences[0];
    }

    private IMethodSymbol? MethodAt(MethodLocator locator) => _methodsByLocator.GetOrAdd(locator, _findMethod);

    private IMethodSymbol? FindMethod(MethodLocator locator) => locator.Find(_compilation.Assembly)?.OriginalDefinition;

    private string FileOptions(SyntaxTree tree) => _fileOptions.GetOrAdd(tree, _readFileOptions);

    /// <summary>This package's options for a file: they decide what its bodies' calls are (excluded and added APIs).</summary>
    private string ReadFileOptions(SyntaxTree tree)
        => string.Join(
            "\u0001",
            BurstConfigurationReader.Raw(_options, tree, BurstOptionKeys.HandlerAttributes),
            BurstConfigurationReader.Raw(_options, tree, BurstOptionKeys.HandlerBaseTypes),
            BurstConfigurationReader.Raw(_options, tree, BurstOptionKeys.AdditionalBlockingApis),
            BurstConfigurationReader.Raw(_options, tree, BurstOptionKeys.ExcludedApis),
            BurstConfigurationReader.Raw(_options, tree, BurstOptionKeys.MaxCallDepth));

    private sealed class StoredFacts
    {
        public StoredFacts(DeclarationFingerprint stamp, string fileOptions, ChainEnd? blocking, ImmutableArray<ChainEnd> otherBlocking, ImmutableArray<StoredCall> calls)
        {
            Stamp = stamp;
            FileOptions = fileOptions;
            Blocking = blocking;
            OtherBlocking = otherBlocking;
            Calls = calls;
        }

        public DeclarationFingerprint Stamp { get; }

        public string FileOptions { get; }

        public ChainEnd? Blocking { get; }

        public ImmutableArray<ChainEnd> OtherBlocking { get; }

        public ImmutableArray<StoredCall> Calls { get; }
    }

    private readonly struct StoredCall
    {
        public StoredCall(SyntaxNode syntax, MethodLocator called, bool virtualCall)
        {
            Syntax = syntax;
            Called = called;
            VirtualCall = virtualCall;
        }

        public SyntaxNode Syntax { get; }

        public MethodLocator Called { get; }

        public bool VirtualCall { get; }
    }
}
