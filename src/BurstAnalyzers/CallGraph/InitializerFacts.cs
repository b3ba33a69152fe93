using System.Collections.Concurrent;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The facts of instance field and property initializers, read from the operation blocks the analyzer driver delivers
/// for them (whole-compilation analysis only), keyed by their <c>= value</c> clause. A constructor runs them; without
/// these, building its facts at the end of the compilation bound every initializer of the type a second time.
/// Initializers the driver did not deliver (generated code, or a constructor judged before the driver reached them)
/// are bound on demand as before.
/// </summary>
internal sealed class InitializerFacts
{
    private readonly ConcurrentDictionary<SyntaxNode, MethodFacts> _byInitializer = new();

    public void Add(SyntaxNode initializer, MethodFacts facts) => _byInitializer.TryAdd(initializer, facts);

    public bool TryGet(SyntaxNode initializer, out MethodFacts facts) => _byInitializer.TryGetValue(initializer, out facts!);
}
