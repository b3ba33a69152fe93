using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Threading;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.CrossProject;

/// <summary>
/// The chains that calls from other projects run into, for the methods of one compilation: each method another
/// assembly can call (not private, in no private type), with the first of the methods it may run, in source order,
/// that blocks, followed to its blocking call (a <see cref="CarriedChain"/>). No depth limit here: the calling
/// project applies its own <c>max_call_depth</c> to the whole chain. The same answers whoever asks: a class library's
/// build (<see cref="ChainExportAnalyzer"/>, on the method bodies the compiler's analyzer driver binds anyway) and
/// an editor, reading a referenced project's source (one per compilation, bodies bound on demand). Each method's chain
/// is computed once.
/// </summary>
internal sealed class ChainExport
{
    private static readonly ConditionalWeakTable<Compilation, ChainExport> s_byCompilation = new();

    private readonly CallChainResolver _chains;
    private readonly string _assemblyName;
    private readonly Compilation _compilation;
    private readonly ConcurrentDictionary<IMethodSymbol, CarriedChain?> _byMethod = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<string, CarriedChain?> _byId = new(StringComparer.Ordinal);
    private readonly Func<IMethodSymbol, CarriedChain?> _compute;
    private readonly Func<string, CarriedChain?> _computeById;

    private ChainExport(Compilation compilation, AnalyzerConfigOptionsProvider options, ImmutableArray<AdditionalText> additionalFiles)
    {
        // Whole-compilation answers: nothing is kept for a later compilation (the caller keeps this).
        _chains = new CallChainResolver(RequestHandlerModel.ForFix(compilation), compilation, options, additionalFiles, static () => true, static () => false);
        _assemblyName = compilation.AssemblyName ?? compilation.Assembly.Name;
        _compilation = compilation;
        _compute = Compute;
        _computeById = id => DocumentationCommentId.GetFirstSymbolForDeclarationId(id, _compilation) is IMethodSymbol method ? Of(method) : null;
    }

    /// <summary>The export of a referenced project's compilation, as an editor reads it: its bodies bound on demand, the
    /// projects further down followed through its own compilation references.</summary>
    public static ChainExport For(Compilation compilation, AnalyzerConfigOptionsProvider options)
        => s_byCompilation.GetValue(compilation, c => new ChainExport(c, options, ImmutableArray<AdditionalText>.Empty));

    /// <summary>The export of the compilation a build is analysing: fed with the driver's operation blocks
    /// (<see cref="Capture"/>), the projects further down followed through the chains files their builds wrote.</summary>
    public static ChainExport ForBuild(Compilation compilation, AnalyzerOptions options)
        => new(compilation, options.AnalyzerConfigOptionsProvider, options.AdditionalFiles);

    /// <summary>Records a body the analyzer driver delivers, so that <see cref="All"/> binds nothing again.</summary>
    public void Capture(OperationBlockAnalysisContext context) => _chains.CaptureFacts(context.OwningSymbol, context.OperationBlocks);

    /// <summary>The chain a call from another project to <paramref name="method"/> runs into, or null.</summary>
    public CarriedChain? Of(IMethodSymbol method) => _byMethod.GetOrAdd(method.OriginalDefinition, _compute);

    /// <summary>The same for a method named by its documentation id: how another compilation names it, whose symbol
    /// for the method may not be this compilation's (it retargets the assembly when their references differ).</summary>
    public CarriedChain? Of(string methodId) => _byId.GetOrAdd(methodId, _computeById);

    /// <summary>Every chain the compilation's callable methods run into, by method id (a stable order).</summary>
    public List<CarriedChain> All(CancellationToken cancellationToken)
    {
        var chains = new List<CarriedChain>();
        var types = new Stack<INamespaceOrTypeSymbol>();
        types.Push(_chains.Targets.SourceAssembly.GlobalNamespace);
        while (types.Count > 0)
        {
            cancellationToken.ThrowIfCancellationRequested();
            foreach (var member in types.Pop().GetMembers())
            {
                switch (member)
                {
                    case INamespaceSymbol ns:
                        types.Push(ns);
                        break;
                    case INamedTypeSymbol type when type.DeclaredAccessibility != Accessibility.Private && !type.IsImplicitlyDeclared:
                        types.Push(type);
                        break;
                    case IMethodSymbol method when Of(method) is { } chain:
                        chains.Add(chain);
                        break;
                }
            }
        }

        chains.Sort(static (left, right) => string.CompareOrdinal(left.MethodId, right.MethodId));
        return chains;
    }

    private CarriedChain? Compute(IMethodSymbol method)
    {
        if (!IsCallableFromOtherAssemblies(method))
        {
            return null;
        }

        // The analyzer's own cancellation does not reach a dictionary factory; a chain is a few summaries deep.
        var cancellationToken = CancellationToken.None;
        var virtualCall = method.IsVirtual || method.IsAbstract || method.IsOverride;
        foreach (var target in _chains.Targets.Of(method, virtualCall))
        {
            var summary = _chains.Summaries.Get(target, cancellationToken);
            // The id only for a method that blocks: most do not, and building it costs more than their summary.
            if (summary.Blocks && _chains.Summaries.ChainFrom(target, Location.None, cancellationToken) is { } chain
                && method.GetDocumentationCommentId() is { } id)
            {
                // The blocking call itself: in this project's source, or carried from a project further down.
                var end = chain.Blocking.CarriedLocation ?? chain.Blocking.Location;
                var span = end.GetLineSpan();
                return new CarriedChain(id, chain.Blocking.Rule, summary.Depth, chain.DescribeCarried(_assemblyName), span.Path ?? "", span.Span);
            }
        }

        return null;
    }

    private static bool IsCallableFromOtherAssemblies(IMethodSymbol method)
    {
        if (method.MethodKind is not (MethodKind.Ordinary or MethodKind.Constructor or MethodKind.PropertyGet or MethodKind.PropertySet)
            || method.IsImplicitlyDeclared)
        {
            return false;
        }

        // Internal too: a library may grant its callers InternalsVisibleTo.
        return method.IsVisibleToOtherAssemblies(throughInternalsVisibleTo: true);
    }
}
