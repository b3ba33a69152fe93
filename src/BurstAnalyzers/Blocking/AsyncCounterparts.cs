using System;
using System.Collections.Concurrent;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// Finds the async counterpart of a synchronous call by binding, as a developer would look for it: a method named
/// Name + "Async" on the same type or its bases (or, for an extension method, an extension in scope for the same
/// receiver, such as EF Core's ToListAsync), with the same parameters plus an optional trailing CancellationToken,
/// returning an awaitable of the same result. Member look-ups are cached per method; extension look-ups depend on the
/// usings in scope, so they run per call — and only for calls already known to sit in a handler.
/// </summary>
internal sealed class AsyncCounterparts
{
    private const string AsyncSuffix = "Async";

    private readonly Compilation _compilation;
    private readonly CoreLibraryTypes _types;
    private readonly ConcurrentDictionary<IMethodSymbol, IMethodSymbol?> _memberCounterparts = new(SymbolEqualityComparer.Default);
    private readonly Func<IMethodSymbol, IMethodSymbol?> _findMemberCounterpart;
    private readonly Lazy<EntityFrameworkTypes> _entityFramework;

    public AsyncCounterparts(Compilation compilation, CoreLibraryTypes types, DeferredQueries queries)
    {
        _compilation = compilation;
        _types = types;
        _findMemberCounterpart = FindMemberCounterpart;
        _entityFramework = new Lazy<EntityFrameworkTypes>(() => new EntityFrameworkTypes(compilation, queries), System.Threading.LazyThreadSafetyMode.PublicationOnly);
    }

    /// <summary>Cheap pre-filter: could this call have an async counterpart at all?</summary>
    public bool MayHaveCounterpart(IMethodSymbol method)
        => method.MethodKind == MethodKind.Ordinary
            && !method.Name.EndsWith(AsyncSuffix, StringComparison.Ordinal)
            && !method.ReturnsByRef
            && AwaitedResult(method.ReturnType, out _) is false;

    /// <summary>The counterpart of a call that passed <see cref="MayHaveCounterpart"/> (not asked again here).</summary>
    public IMethodSymbol? Find(IInvocationOperation invocation)
    {
        var method = invocation.TargetMethod;
        if (method.IsExtensionMethod)
        {
            return FindExtensionCounterpart(invocation);
        }

        return _memberCounterparts.GetOrAdd(method, _findMemberCounterpart);
    }

    private IMethodSymbol? FindMemberCounterpart(IMethodSymbol method)
    {
        var name = method.Name + AsyncSuffix;
        for (var type = method.ContainingType; type is not null; type = type.BaseType)
        {
            if (FindIn(type, name, method) is { } found)
            {
                return found;
            }
        }

        if (method.ContainingType is { TypeKind: TypeKind.Interface } contract)
        {
            foreach (var inherited in contract.AllInterfaces)
            {
                if (FindIn(inherited, name, method) is { } found)
                {
                    return found;
                }
            }
        }

        return null;
    }

    private IMethodSymbol? FindIn(INamedTypeSymbol type, string name, IMethodSymbol method)
    {
        foreach (var member in type.GetMembers(name))
        {
            if (member is IMethodSymbol candidate
                && candidate.IsStatic == method.IsStatic
                && candidate.DeclaredAccessibility == Accessibility.Public
                && IsCounterpart(method.Parameters, method.ReturnType, method.ReturnsVoid, candidate))
            {
                return candidate;
            }
        }

        return null;
    }

    private IMethodSymbol? FindExtensionCounterpart(IInvocationOperation invocation)
    {
        var method = invocation.TargetMethod;
        if (invocation.SemanticModel is not { } model
            || invocation.Arguments.Length == 0
            || ReceiverType(invocation.Arguments[0].Value, out var castFrom) is not { } receiverType)
        {
            return null;
        }

        var parameters = method.Parameters.RemoveAt(0);
        var candidate = FindInScope(invocation, model, receiverType, parameters);
        if (candidate is null && castFrom is not null)
        {
            candidate = FindInScope(invocation, model, castFrom, parameters);
        }

        if (candidate is not null)
        {
            // EF Core's async operators throw on a queryable over memory (ids.AsQueryable()): no counterpart there.
            return _entityFramework.Value.IsQueryExtension(candidate) && EntityFrameworkTypes.IsOverMemory(invocation.Arguments[0].Value, _types) ? null : candidate;
        }

        return FindEntityFrameworkCounterpart(invocation, receiverType, parameters, method, requireDbSetRoot: true)
            ?? (castFrom is null ? null : FindEntityFrameworkCounterpart(invocation, castFrom, parameters, method, requireDbSetRoot: true));
    }

    /// <summary>
    /// EF Core's counterpart of a LINQ call over a query the caller knows to be EF Core's though no DbSet is at its root
    /// here (a repository's <c>All()</c> whose every implementation returns one: the code fix's
    /// <c>EntityQueryOrigins</c>); null over memory (<c>AsQueryable</c>) or when EF Core has none.
    /// </summary>
    public IMethodSymbol? FindForEntityFrameworkQuery(IInvocationOperation invocation)
    {
        var method = invocation.TargetMethod;
        if (!method.IsExtensionMethod
            || invocation.Arguments.Length == 0
            || EntityFrameworkTypes.IsOverMemory(invocation.Arguments[0].Value, _types)
            || ReceiverType(invocation.Arguments[0].Value, out var castFrom) is not { } receiverType)
        {
            return null;
        }

        var parameters = method.Parameters.RemoveAt(0);
        return FindEntityFrameworkCounterpart(invocation, receiverType, parameters, method, requireDbSetRoot: false)
            ?? (castFrom is null ? null : FindEntityFrameworkCounterpart(invocation, castFrom, parameters, method, requireDbSetRoot: false));
    }

    /// <summary>The first receiver down a chain of extension calls (Where, Select, Include...), or AsQueryable: what
    /// a LINQ query is composed on. Null past <see cref="EntityFrameworkTypes"/>' limit of operators.</summary>
    public static IOperation? QueryRoot(IOperation? source) => EntityFrameworkTypes.Root(source);

    /// <summary>
    /// The receiver's type as written, which decides the extensions that apply: an explicit cast or <c>as</c> on it
    /// counts (<c>((IQueryable&lt;T&gt;)items).ToList()</c> has EF Core's ToListAsync), the implicit conversion to the
    /// extension's parameter does not. <paramref name="castFrom"/> is the type under a cast, else null: a cast that
    /// widens (<c>((IEnumerable&lt;T&gt;)db.Items).ToList()</c>) keeps the counterpart of the type it hides.
    /// </summary>
    internal static ITypeSymbol? ReceiverType(IOperation receiver, out ITypeSymbol? castFrom)
    {
        var written = IOperationExtensions.UnwrapImplicit(receiver)?.Type;
        castFrom = IOperationExtensions.Unwrap(receiver)?.Type;
        if (castFrom is null || SymbolEqualityComparer.Default.Equals(castFrom, written))
        {
            castFrom = null;
        }

        return written;
    }

    private IMethodSymbol? FindInScope(IInvocationOperation invocation, SemanticModel model, ITypeSymbol receiverType, System.Collections.Immutable.ImmutableArray<IParameterSymbol> parameters)
    {
        var method = invocation.TargetMethod;
        foreach (var symbol in model.LookupSymbols(invocation.Syntax.SpanStart, receiverType, method.Name + AsyncSuffix, includeReducedExtensionMethods: true))
        {
            if (symbol is IMethodSymbol candidate && IsCounterpart(parameters, method.ReturnType, method.ReturnsVoid, candidate))
            {
                return candidate;
            }
        }

        return null;
    }

    /// <summary>
    /// An EF Core query is one whatever the file imports: a LINQ call over a DbSet, or over Identity's
    /// <c>UserManager.Users</c> on EF Core's stores (directly or through other query operators), finds its counterpart
    /// among EntityFrameworkQueryableExtensions even where Microsoft.EntityFrameworkCore is not imported (the fix adds the
    /// using). Asked only once the look-up in scope has missed. Without <paramref name="requireDbSetRoot"/>, the caller
    /// has shown the query to be EF Core's by other means (<see cref="FindForEntityFrameworkQuery"/>).
    /// </summary>
    private IMethodSymbol? FindEntityFrameworkCounterpart(
        IInvocationOperation invocation, ITypeSymbol receiverType, System.Collections.Immutable.ImmutableArray<IParameterSymbol> parameters, IMethodSymbol method, bool requireDbSetRoot)
    {
        var entityFramework = _entityFramework.Value;
        if (entityFramework.QueryableExtensions is not { } extensions || (requireDbSetRoot && !entityFramework.IsQueryOverDbSet(invocation.Arguments[0].Value)))
        {
            return null;
        }

        foreach (var member in extensions.GetMembers(method.Name + AsyncSuffix))
        {
            if (member is IMethodSymbol { IsExtensionMethod: true } extension
                && extension.ReduceExtensionMethod(receiverType) is { } candidate
                && IsCounterpart(parameters, method.ReturnType, method.ReturnsVoid, candidate))
            {
                return candidate;
            }
        }

        return null;
    }

    /// <summary>EF Core's types, resolved on the first extension call the look-up in scope misses.</summary>
    private sealed class EntityFrameworkTypes
    {
        // Query operators between a DbSet and the call: db.Items.Where(...).OrderBy(...).ToList().
        private const int MaxOperators = 16;

        private readonly INamedTypeSymbol? _dbSet;
        private readonly DeferredQueries _queries;

        public EntityFrameworkTypes(Compilation compilation, DeferredQueries queries)
        {
            _queries = queries;
            var wellKnown = WellKnownTypes.For(compilation);
            _dbSet = wellKnown.Get(WellKnownTypeNames.MicrosoftEntityFrameworkCoreDbSet1);
            // Stryker disable once Conditional : both types are in EF Core's assembly; without DbSet the other is absent too
            QueryableExtensions = _dbSet is null ? null : wellKnown.Get(WellKnownTypeNames.MicrosoftEntityFrameworkCoreEntityFrameworkQueryableExtensions);
        }

        public INamedTypeSymbol? QueryableExtensions { get; }

        // Stryker disable once NullCoalescing : a reduced extension's containing type is its declaring class's
        public bool IsQueryExtension(IMethodSymbol candidate)
            => QueryableExtensions is not null && SymbolEqualityComparer.Default.Equals((candidate.ReducedFrom ?? candidate).ContainingType, QueryableExtensions);

        /// <summary>A DbSet, or a chain of extension calls (Where, Include, OrderBy...) whose first receiver is one. Identity's
        /// UserManager.Users and RoleManager.Roles on EF Core's stores count: the analyzer reports their queries
        /// (<see cref="DeferredQueries"/>), and without this the fix found no counterpart where the file lacks the using.</summary>
        public bool IsQueryOverDbSet(IOperation? source)
            => Root(source) is { Type: { } type } root && (type.IsOrDerivesFrom(_dbSet) || _queries.IsIdentityStoreQuery(root));

        /// <summary>A chain of extension calls that starts with Queryable.AsQueryable: LINQ over memory.</summary>
        public static bool IsOverMemory(IOperation? source, CoreLibraryTypes types)
            => Root(source) is IInvocationOperation { TargetMethod: { Name: "AsQueryable" } asQueryable } && CoreLibraryTypes.Is(asQueryable.ContainingType, types.Queryable);

        // Down the receivers of extension calls to the first that is not one, or to AsQueryable. Query syntax
        // (from u in db.Users where ... select ...) is the same calls under a wrapper, as DeferredQueries reads it.
        public static IOperation? Root(IOperation? source)
        {
            for (var i = 0; i < MaxOperators; i++)
            {
                source = IOperationExtensions.Unwrap(source);
                if (source is ITranslatedQueryOperation query)
                {
                    source = IOperationExtensions.Unwrap(query.Operation);
                }

                if (source is not IInvocationOperation { TargetMethod.IsExtensionMethod: true, Arguments.Length: > 0 } call || call.TargetMethod.Name == "AsQueryable")
                {
                    return source;
                }

                source = call.Arguments[0].Value;
            }

            return null;
        }
    }

    private bool IsCounterpart(System.Collections.Immutable.ImmutableArray<IParameterSymbol> parameters, ITypeSymbol returnType, bool returnsVoid, IMethodSymbol candidate)
    {
        if (!AwaitedResult(candidate.ReturnType, out var result) || IsObsolete(candidate) || IsAsyncOverSync(candidate))
        {
            return false;
        }

        if (returnsVoid != (result is null))
        {
            return false;
        }

        if (result is not null && !IsCompatibleResult(result, returnType))
        {
            return false;
        }

        var candidateParameters = candidate.Parameters;
        if (candidateParameters.Length < parameters.Length)
        {
            return false;
        }

        for (var i = 0; i < parameters.Length; i++)
        {
            if (parameters[i].RefKind != candidateParameters[i].RefKind || !IsCompatibleParameter(parameters[i].Type, candidateParameters[i].Type))
            {
                return false;
            }
        }

        for (var i = parameters.Length; i < candidateParameters.Length; i++)
        {
            if (!candidateParameters[i].IsOptional && !CoreLibraryTypes.Is(candidateParameters[i].Type, _types.CancellationToken))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Task/ValueTask (result null) or Task&lt;T&gt;/ValueTask&lt;T&gt; (result T): true when awaitable.</summary>
    private bool AwaitedResult(ITypeSymbol type, out ITypeSymbol? result)
    {
        result = null;
        if (CoreLibraryTypes.Is(type, _types.Task) || CoreLibraryTypes.Is(type, _types.ValueTask))
        {
            return true;
        }

        if ((CoreLibraryTypes.Is(type, _types.TaskOfT) || CoreLibraryTypes.Is(type, _types.ValueTaskOfT)) && type is INamedTypeSymbol { TypeArguments.Length: 1 } generic)
        {
            result = generic.TypeArguments[0];
            return true;
        }

        return false;
    }

    private bool IsCompatibleResult(ITypeSymbol asyncResult, ITypeSymbol syncResult)
        => asyncResult is ITypeParameterSymbol
            || syncResult is ITypeParameterSymbol
            || SymbolEqualityComparer.Default.Equals(asyncResult, syncResult)
            || _compilation.HasImplicitConversion(asyncResult, syncResult)
            || SameGenericShape(asyncResult, syncResult);

    private bool IsCompatibleParameter(ITypeSymbol sync, ITypeSymbol async)
    {
        if (sync is ITypeParameterSymbol || async is ITypeParameterSymbol || SymbolEqualityComparer.Default.Equals(sync, async))
        {
            return true;
        }

        // Span-based sync overloads pair with Memory-based async ones (Stream.Read(Span) / ReadAsync(Memory)).
        if ((CoreLibraryTypes.Is(sync, _types.Span) && CoreLibraryTypes.Is(async, _types.Memory))
            || (CoreLibraryTypes.Is(sync, _types.ReadOnlySpan) && CoreLibraryTypes.Is(async, _types.ReadOnlyMemory)))
        {
            return true;
        }

        return SameGenericShape(sync, async);
    }

    private bool SameGenericShape(ITypeSymbol left, ITypeSymbol right)
    {
        if (left is not INamedTypeSymbol { IsGenericType: true } l || right is not INamedTypeSymbol { IsGenericType: true } r
            || !SymbolEqualityComparer.Default.Equals(l.OriginalDefinition, r.OriginalDefinition))
        {
            return false;
        }

        for (var i = 0; i < l.TypeArguments.Length; i++)
        {
            if (!IsCompatibleParameter(l.TypeArguments[i], r.TypeArguments[i]))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// A twin written in this source as <c>Task.Run(() =&gt; …)</c> or <c>Task.Factory.StartNew(…)</c> (an extension a
    /// team wrote over a library's sync method): async over sync, the same blocking work on another pool thread plus a
    /// hop per request. Never a counterpart to await. Read from syntax: asked only for a candidate already matched.
    /// </summary>
    private static bool IsAsyncOverSync(IMethodSymbol candidate)
    {
        // Stryker disable once NullCoalescing : a reduced extension has its declaration's syntax references
        var declaration = candidate.ReducedFrom ?? candidate;
        if (declaration.DeclaringSyntaxReferences.Length != 1
            || declaration.DeclaringSyntaxReferences[0].GetSyntax() is not MethodDeclarationSyntax method)
        {
            return false;
        }

        var result = method.ExpressionBody?.Expression
            ?? (method.Body is { Statements.Count: 1 } body && body.Statements[0] is ReturnStatementSyntax { Expression: { } returned } ? returned : null);
        while (result is AwaitExpressionSyntax or ParenthesizedExpressionSyntax or InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ConfigureAwait" } })
        {
            result = result switch
            {
                AwaitExpressionSyntax awaited => awaited.Expression,
                ParenthesizedExpressionSyntax parenthesized => parenthesized.Expression,
                InvocationExpressionSyntax configure => ((MemberAccessExpressionSyntax)configure.Expression).Expression,
                _ => null,
            };
        }

        return result is InvocationExpressionSyntax
        {
            Expression: MemberAccessExpressionSyntax
            {
                Name.Identifier.ValueText: "Run" or "StartNew",
                Expression: IdentifierNameSyntax { Identifier.ValueText: "Task" } or MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Factory" or "Task" },
            },
        };
    }

    private bool IsObsolete(ISymbol symbol)
    {
        foreach (var attribute in symbol.GetAttributes())
        {
            if (CoreLibraryTypes.Is(attribute.AttributeClass, _types.Obsolete))
            {
                return true;
            }
        }

        return false;
    }
}
