using System;
using System.Collections.Concurrent;
using System.Threading;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// The first, exact filter of <see cref="CounterpartSearches"/>: could a method named Name + "Async" be found for this
/// call at all? For a member, on the method's type, its bases or (for an interface) the interfaces it extends — where
/// <see cref="AsyncCounterparts"/> looks; for an extension method, an "…Async" extension that can apply to the
/// receiver (<see cref="AsyncExtensionNames"/>) or a member of the receiver's type. Member names, base types and
/// interfaces are the same for every construction of a generic type, so the answers are remembered per original
/// definition: <c>List&lt;Order&gt;.Add</c> and <c>List&lt;Invoice&gt;.Add</c> share one answer, where remembering
/// them per constructed method made a new entry for every entity type of the code base.
/// </summary>
internal sealed class CounterpartNames
{
    private const string AsyncSuffix = "Async";

    private readonly Lazy<AsyncExtensionNames> _extensionNames;
    private readonly ConcurrentDictionary<IMethodSymbol, bool> _members = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<DefinitionPair, bool> _extensions = new();

    public CounterpartNames(Compilation compilation)
        => _extensionNames = new Lazy<AsyncExtensionNames>(() => AsyncExtensionNames.Collect(compilation), LazyThreadSafetyMode.ExecutionAndPublication);

    /// <summary>False when no member named <paramref name="method"/>'s name + "Async" exists where a member counterpart is looked for.</summary>
    public bool MayHaveMember(IMethodSymbol method)
    {
        var definition = method.OriginalDefinition;
        if (!_members.TryGetValue(definition, out var found))
        {
            found = AnyMemberNamed(definition);
            // Stryker disable once Statement : a cache: an answer not remembered is computed again, the same
            _members.TryAdd(definition, found);
        }

        return found;
    }

    /// <summary>False when no extension or member named <paramref name="method"/>'s name + "Async" can apply to <paramref name="receiver"/>.</summary>
    public bool MayHaveExtension(IMethodSymbol method, ITypeSymbol? receiver)
    {
        if (receiver is null)
        {
            return _extensionNames.Value.MayExtend(method.Name + AsyncSuffix, receiver: null);
        }

        var key = new DefinitionPair(method.OriginalDefinition, receiver.OriginalDefinition);
        if (!_extensions.TryGetValue(key, out var found))
        {
            var asyncName = method.Name + AsyncSuffix;
            // An instance member of that name on the receiver's type, its bases or interfaces: the look-up finds those too.
            found = _extensionNames.Value.MayExtend(asyncName, key.Receiver) || key.Receiver.HasMemberNamedInHierarchy(asyncName);
            // Stryker disable once Statement : a cache: an answer not remembered is computed again, the same
            _extensions.TryAdd(key, found);
        }

        return found;
    }

    private static bool AnyMemberNamed(IMethodSymbol definition)
    {
        if (definition.ContainingType is not { } type)
        {
            // Stryker disable once Boolean : unreachable: an invoked method always has a containing type
            return false;
        }

        // An interface's counterpart may be declared on an interface it extends; a class's on its bases only.
        var name = definition.Name + AsyncSuffix;
        // Stryker disable once Conditional : a class's interfaces too only widen the filter; AsyncCounterparts decides
        return type.TypeKind == TypeKind.Interface ? type.HasMemberNamedInHierarchy(name) : type.HasMemberNamed(name);
    }

    private readonly struct DefinitionPair : IEquatable<DefinitionPair>
    {
        public DefinitionPair(IMethodSymbol method, ITypeSymbol receiver)
        {
            Method = method;
            Receiver = receiver;
        }

        public IMethodSymbol Method { get; }

        public ITypeSymbol Receiver { get; }

        // Stryker disable once Logical : runs only on equal hash codes; no test can force a collision
        public bool Equals(DefinitionPair other)
            => SymbolEqualityComparer.Default.Equals(Method, other.Method) && SymbolEqualityComparer.Default.Equals(Receiver, other.Receiver);

        public override bool Equals(object? obj) => obj is DefinitionPair other && Equals(other);

        // Stryker disable once Arithmetic : the spread of the hash only; equal pairs still hash alike
        public override int GetHashCode()
            => SymbolEqualityComparer.Default.GetHashCode(Method) * 31 + SymbolEqualityComparer.Default.GetHashCode(Receiver);
    }
}
