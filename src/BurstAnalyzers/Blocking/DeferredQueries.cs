using System.Collections.Generic;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// Queries that run where they are enumerated. An EF Core query — a DbSet and every LINQ operator composed on it, typed
/// <c>IQueryable&lt;T&gt;</c> or handed out as <c>IEnumerable&lt;T&gt;</c> — is only a value until something enumerates
/// it: <c>ToList()</c>, <c>FirstOrDefault()</c>, <c>foreach</c>, <c>new List&lt;T&gt;(query)</c>. There it runs its SQL
/// and waits for the database, on the request thread. A repository hands the query to a service, which runs it in
/// another method, often another project that never references EF Core. This file knows, within one method body,
/// where a value is enumerated (<see cref="SinkOf"/>) and where it comes from (<see cref="OriginsOf"/>): a DbSet, or
/// what a call returns. The call graph follows the calls (which of them return an EF query) across methods and projects.
/// </summary>
internal sealed class DeferredQueries
{
    /// <summary>Set on a BURST003 report of a query enumerated in a handler that the call graph found (where the query
    /// came from): its fix is not the counterpart the direct rule would look up. A LINQ call there gets EF Core's once
    /// the code fix has shown every method the query can come from to return an EF Core query, a <c>foreach</c>
    /// <c>await foreach</c> once the sequence is shown to be the query object; a new list (located at the sequence
    /// enumerated) gets none.</summary>
    public const string EnumeratedQueryProperty = "EnumeratedQuery";

    // Values followed back through operators and locals: a query is rarely composed in more steps.
    private const int MaxSteps = 32;

    private readonly INamedTypeSymbol? _dbSet;
    private readonly INamedTypeSymbol? _entityFrameworkExtensions;
    private readonly INamedTypeSymbol? _enumerable;
    private readonly INamedTypeSymbol? _queryable;
    private readonly INamedTypeSymbol? _sequence;
    private readonly INamedTypeSymbol? _list;
    private readonly INamedTypeSymbol? _hashSet;
    private readonly INamedTypeSymbol? _asyncSequence;
    private readonly INamedTypeSymbol? _userManager;
    private readonly INamedTypeSymbol? _roleManager;
    private readonly CoreLibraryTypes _types;

    public DeferredQueries(Compilation compilation, CoreLibraryTypes types)
    {
        var wellKnown = WellKnownTypes.For(compilation);
        _types = types;
        _dbSet = wellKnown.Get(WellKnownTypeNames.MicrosoftEntityFrameworkCoreDbSet1);
        _entityFrameworkExtensions = wellKnown.Get(WellKnownTypeNames.MicrosoftEntityFrameworkCoreEntityFrameworkQueryableExtensions);
        _enumerable = types.Enumerable;
        _queryable = types.Queryable;
        _sequence = wellKnown.Get(WellKnownTypeNames.SystemCollectionsGenericIEnumerable1);
        _list = types.List;
        _hashSet = wellKnown.Get(WellKnownTypeNames.SystemCollectionsGenericHashSet1);
        _asyncSequence = wellKnown.Get(WellKnownTypeNames.SystemCollectionsGenericIAsyncEnumerable1);

        // ASP.NET Core Identity over EF Core's stores: its managers' Users and Roles are the stores' DbSets.
        if (wellKnown.Has(WellKnownTypeNames.MicrosoftAspNetCoreIdentityEntityFrameworkCoreIdentityDbContext))
        {
            _userManager = wellKnown.Get(WellKnownTypeNames.MicrosoftAspNetCoreIdentityUserManager1);
            _roleManager = wellKnown.Get(WellKnownTypeNames.MicrosoftAspNetCoreIdentityRoleManager1);
        }
    }

    /// <summary>Whether EF Core is referenced: only then can a DbSet be written here.</summary>
    public bool SeesEntityFramework => _dbSet is not null;

    /// <summary>
    /// A value that can be a query: a sequence interface (<c>IEnumerable&lt;T&gt;</c>, <c>IQueryable&lt;T&gt;</c>,
    /// <c>IOrderedQueryable&lt;T&gt;</c>, EF's <c>IIncludableQueryable</c>…) or a DbSet. A list, an array or a string is
    /// already in memory.
    /// </summary>
    public bool MayHoldQuery(ITypeSymbol? type)
        => type is not null
            && ((type.TypeKind == TypeKind.Interface && type.IsOrDerivesFrom(_sequence)) || IsDbSet(type));

    public bool IsDbSet(ITypeSymbol? type) => _dbSet is not null && type.IsOrDerivesFrom(_dbSet);

    /// <summary>
    /// Where <paramref name="operation"/> enumerates a value that may be a query, and that value; null when it does not.
    /// A LINQ operator that returns no sequence (ToList, FirstOrDefault, Any, Count, Sum…), in
    /// <c>System.Linq.Enumerable</c>, <c>Queryable</c> or EF Core's own synchronous ones (Load, ExecuteDelete…); a
    /// <c>foreach</c> over it; a list or set made from it.
    /// </summary>
    public IOperation? SinkOf(IOperation operation, out string sink)
    {
        sink = "";
        switch (operation)
        {
            case IInvocationOperation { Arguments.Length: > 0 } invocation when IsExecutingOperator(invocation.TargetMethod):
                var source = invocation.Arguments[0].Value;
                if (!MayHoldQuery(Unwrapped(source)?.Type))
                {
                    return null;
                }

                var method = invocation.TargetMethod.ReducedFrom ?? invocation.TargetMethod;
                sink = method.ContainingType.Name + "." + method.Name;
                return source;
            case IForEachLoopOperation { IsAsynchronous: false } loop when MayHoldQuery(Unwrapped(loop.Collection)?.Type):
                sink = "foreach";
                return loop.Collection;
            case IObjectCreationOperation { Arguments.Length: 1, Constructor: { } constructor } creation
                when (CoreLibraryTypes.Is(constructor.ContainingType, _list) || CoreLibraryTypes.Is(constructor.ContainingType, _hashSet))
                    && MayHoldQuery(Unwrapped(creation.Arguments[0].Value)?.Type):
                sink = "new " + constructor.ContainingType.Name;
                return creation.Arguments[0].Value;
            default:
                return null;
        }
    }

    /// <summary>
    /// Where the value of <paramref name="value"/> comes from, followed back through conversions, LINQ operators that
    /// compose (Where, Select, Include, AsEnumerable, Concat…, and query syntax), conditionals and the assignments of
    /// locals in <paramref name="body"/>: a DbSet (<see cref="QueryOrigin.Entity"/>), or what a call or a property
    /// returns (<see cref="QueryOrigin.Call"/>, for the call graph to follow). A parameter, a field or anything in memory
    /// adds nothing.
    /// </summary>
    public void OriginsOf(IOperation value, IOperation body, List<QueryOrigin> origins)
    {
        var pending = new Stack<IOperation>();
        var seenLocals = new HashSet<ILocalSymbol>(SymbolEqualityComparer.Default);
        pending.Push(value);
        for (var steps = 0; pending.Count > 0 && steps < MaxSteps; steps++)
        {
            var current = Unwrapped(pending.Pop());
            if (current is null)
            {
                continue;
            }

            if (IsDbSet(current.Type) || IsIdentityStoreQuery(current))
            {
                origins.Add(QueryOrigin.Entity(current));
                continue;
            }

            switch (current)
            {
                case IInvocationOperation invocation when IsComposingOperator(invocation.TargetMethod):
                    foreach (var argument in invocation.Arguments)
                    {
                        if (MayHoldQuery(Unwrapped(argument.Value)?.Type))
                        {
                            pending.Push(argument.Value);
                        }
                    }

                    break;
                case IInvocationOperation invocation when MayHoldQuery(invocation.Type) && invocation.TargetMethod.MethodKind != MethodKind.DelegateInvoke:
                    origins.Add(QueryOrigin.Call(invocation, invocation.TargetMethod));
                    PushComposedQueries(invocation, pending);
                    break;
                case IPropertyReferenceOperation { Property.GetMethod: { } getter } property when MayHoldQuery(property.Type):
                    origins.Add(QueryOrigin.Call(property, getter));
                    break;
                default:
                    PushAlternatives(current, body, pending, seenLocals);
                    break;
            }
        }
    }

    /// <summary>
    /// A method that takes a query and returns one composes on it, whoever wrote it: an <c>IQueryable</c> is built by its
    /// source's provider, so a projection or paging helper (<c>query.To&lt;TModel&gt;()</c> over AutoMapper's
    /// <c>ProjectTo</c>, <c>query.Page(2)</c>) hands on the query it was given. Its <c>IQueryable</c> arguments are
    /// followed like a LINQ operator's; the call stays an origin of its own too.
    /// </summary>
    private void PushComposedQueries(IInvocationOperation invocation, Stack<IOperation> pending)
    {
        if (_types.QueryableInterface is not { } queryable || !invocation.Type.IsOrDerivesFrom(queryable))
        {
            return;
        }

        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter?.Type is { } type && type.IsOrDerivesFrom(queryable))
            {
                pending.Push(argument.Value);
            }
        }

        if (invocation.Instance is { } instance && instance.Type.IsOrDerivesFrom(queryable))
        {
            pending.Push(instance);
        }
    }

    /// <summary>UserManager.Users or RoleManager.Roles where Identity's EF Core stores are referenced: their DbSets.
    /// The counterpart search asks it too (<see cref="AsyncCounterparts"/>): such a query has EF Core's counterpart
    /// whatever the file imports, as one over a DbSet has.</summary>
    public bool IsIdentityStoreQuery(IOperation operation)
        => operation is IPropertyReferenceOperation { Property: { Name: "Users" or "Roles", ContainingType: { } manager } }
            && (CoreLibraryTypes.Is(manager, _userManager) || CoreLibraryTypes.Is(manager, _roleManager));

    /// <summary>The values <paramref name="method"/>'s body returns: its return statements and expression body, not those of
    /// lambdas or local functions inside it.</summary>
    public static void ReturnedValues(IOperation body, List<IOperation> values)
    {
        var pending = new Stack<IOperation>();
        pending.Push(body);
        while (pending.Count > 0)
        {
            var operation = pending.Pop();
            if (operation is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                continue;
            }

            if (operation is IReturnOperation { Kind: OperationKind.Return, ReturnedValue: { } returned })
            {
                values.Add(returned);
                continue;
            }

            foreach (var child in operation.ChildOperations)
            {
                pending.Push(child);
            }
        }
    }

    /// <summary>
    /// The LINQ to Objects operator a value ends in (<c>Enumerable.Where</c>, <c>Select</c>, <c>OrderBy</c>… over what may
    /// be a query), followed through conversions, conditionals and the values assigned to a local; null when it ends in
    /// none. A serializer enumerates such a sequence synchronously, running the query under it, where it buffers the
    /// query object itself asynchronously (an EF Core query is an <c>IAsyncEnumerable</c>). <c>AsEnumerable</c> and
    /// <c>Cast</c> are not counted: they hand out the query object itself (<c>Cast</c> when its elements already are of
    /// the type, as they are where it is written for a cast).
    /// </summary>
    public IOperation? InMemoryComposition(IOperation value, IOperation body)
    {
        var pending = new Stack<IOperation>();
        var seenLocals = new HashSet<ILocalSymbol>(SymbolEqualityComparer.Default);
        pending.Push(value);
        for (var steps = 0; pending.Count > 0 && steps < MaxSteps; steps++)
        {
            switch (Unwrapped(pending.Pop()))
            {
                case IInvocationOperation invocation
                    when IsComposingOperator(invocation.TargetMethod)
                        && CoreLibraryTypes.Is((invocation.TargetMethod.ReducedFrom ?? invocation.TargetMethod).ContainingType, _enumerable)
                        && invocation.TargetMethod.Name is not ("AsEnumerable" or "Cast"):
                    return invocation;
                case { } current:
                    PushAlternatives(current, body, pending, seenLocals);
                    break;
            }
        }

        return null;
    }

    /// <summary>Without the conversions, parentheses and query-syntax wrapper around a value.</summary>
    private static IOperation? Unwrapped(IOperation? operation)
    {
        while (true)
        {
            switch (operation)
            {
                case IConversionOperation conversion:
                    operation = conversion.Operand;
                    break;
                case IParenthesizedOperation parenthesized:
                    operation = parenthesized.Operand;
                    break;
                case ITranslatedQueryOperation query:
                    operation = query.Operation;
                    break;
                default:
                    return operation;
            }
        }
    }

    /// <summary>What a value may be instead, to follow next: both branches of a conditional or a coalescing
    /// expression, the values a local is given (once per local).</summary>
    private static void PushAlternatives(IOperation current, IOperation body, Stack<IOperation> pending, HashSet<ILocalSymbol> seenLocals)
    {
        switch (current)
        {
            case IConditionalOperation conditional:
                pending.Push(conditional.WhenTrue);
                if (conditional.WhenFalse is { } whenFalse)
                {
                    pending.Push(whenFalse);
                }

                break;
            case ICoalesceOperation coalesce:
                pending.Push(coalesce.Value);
                pending.Push(coalesce.WhenNull);
                break;
            case ILocalReferenceOperation local when seenLocals.Add(local.Local):
                AddAssignedValues(local.Local, body, pending);
                break;
        }
    }

    /// <summary>A local's initializer and the values assigned to it in the body: a query built up step by step
    /// (<c>query = query.Include(...)</c>) comes from where its first step came from.</summary>
    private static void AddAssignedValues(ILocalSymbol local, IOperation body, Stack<IOperation> pending)
    {
        foreach (var operation in body.Descendants())
        {
            switch (operation)
            {
                case IVariableDeclaratorOperation { Initializer.Value: { } initial } declarator when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local):
                    pending.Push(initial);
                    break;
                case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment when SymbolEqualityComparer.Default.Equals(target.Local, local):
                    pending.Push(assignment.Value);
                    break;
            }
        }
    }

    /// <summary>A LINQ operator (System.Linq's or EF Core's) that returns another sequence: it runs nothing yet.</summary>
    private bool IsComposingOperator(IMethodSymbol method)
        => IsLinqOperator(method) && MayHoldQuery(method.ReturnType) && !IsAsync(method);

    /// <summary>A LINQ operator that returns no sequence: it enumerates its source now. Not the async ones (they await),
    /// nor EF Core's that only describe the query (ToQueryString).</summary>
    private bool IsExecutingOperator(IMethodSymbol method)
        => IsLinqOperator(method) && !MayHoldQuery(method.ReturnType) && !IsAsync(method) && method.Name != "ToQueryString";

    private bool IsLinqOperator(IMethodSymbol method)
    {
        var definition = method.ReducedFrom ?? method;
        return definition.IsStatic
            && (CoreLibraryTypes.Is(definition.ContainingType, _enumerable)
                || CoreLibraryTypes.Is(definition.ContainingType, _queryable)
                || CoreLibraryTypes.Is(definition.ContainingType, _entityFrameworkExtensions));
    }

    private bool IsAsync(IMethodSymbol method)
        => method.Name.EndsWith("Async", System.StringComparison.Ordinal)
            || _types.IsTaskLike(method.ReturnType)
            || CoreLibraryTypes.Is(method.ReturnType, _asyncSequence);
}

/// <summary>Where a value that may be a query comes from: a DbSet written here, or what a call returns.</summary>
internal readonly struct QueryOrigin
{
    private QueryOrigin(IOperation operation, IMethodSymbol? called)
    {
        Operation = operation;
        Called = called;
    }

    /// <summary>The DbSet expression, or the call (an invocation or a property reference).</summary>
    public IOperation Operation { get; }

    /// <summary>The method (or getter) whose return value it is; null for a DbSet.</summary>
    public IMethodSymbol? Called { get; }

    public bool IsEntity => Called is null;

    public static QueryOrigin Entity(IOperation dbSet) => new(dbSet, null);

    public static QueryOrigin Call(IOperation call, IMethodSymbol called) => new(call, called);
}
