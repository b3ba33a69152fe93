using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// Whether a query a handler enumerates by a LINQ call (a BURST003 report of a query the call graph found:
/// <c>repository.All().Count()</c> in a file that does not import EF Core) is EF Core's wherever it comes from, so that
/// EF Core's async operator (<c>CountAsync</c>) keeps its behaviour: those throw on any other <c>IQueryable</c> (an
/// in-memory or caching repository's <c>list.AsQueryable()</c>). Down the call's receiver through its LINQ operators to
/// where the query starts: a DbSet (or Identity's store query), or a call whose every possible target — for an
/// interface, abstract or virtual member every implementation and override in the solution, else the method itself —
/// has source and returns only such queries, followed at most <see cref="MaxCalls"/> calls deep. A local is followed
/// through every value assigned to it. Anything else (a parameter, a field, memory, a target without source) is no
/// proof, and the report keeps no fix. A <c>foreach</c> over a query (<see cref="IsEntityQueryEnumeratedByForEachAsync"/>)
/// and a response serializing a sequence composed in memory on one (<see cref="MaterializedQueryAsync"/>) need the
/// stricter proof that the sequence is the EF Core query object itself (<see cref="StrictRoot"/>).
/// </summary>
internal static class EntityQueryOrigins
{
    // Calls followed from the handler's query to a DbSet: a repository's All() over a base class's, over a DbSet member.
    private const int MaxCalls = 3;

    /// <summary>Whether the report at <paramref name="location"/> is a LINQ call (not a <c>foreach</c> over a call, nor
    /// a new list) whose query is EF Core's wherever it comes from.</summary>
    public static async Task<bool> IsEnumeratedEntityQueryAsync(Location location, Solution solution, CancellationToken cancellationToken)
    {
        if (solution.GetDocument(location.SourceTree) is not { } document
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || root.FindNode(location.SourceSpan, getInnermostNodeForTie: true) is not InvocationExpressionSyntax node
            || node.Parent is CommonForEachStatementSyntax
            || model.GetOperation(node, cancellationToken) is not IInvocationOperation { TargetMethod.IsExtensionMethod: true, Arguments.Length: > 0 } sink)
        {
            return false;
        }

        IOperation body = sink;
        while (body.Parent is { } parent)
        {
            body = parent;
        }

        var search = new Search(solution, cancellationToken);
        return await search.IsEntityQueryAsync(sink.Arguments[0].Value, body, model.Compilation, calls: 0).ConfigureAwait(false);
    }

    /// <summary>
    /// Whether the report at <paramref name="location"/> is the sequence a <c>foreach</c> enumerates, and that sequence
    /// is an EF Core query object wherever it comes from, though it may be typed <c>IEnumerable&lt;T&gt;</c> on the
    /// way (a service's <c>repository.All().AsEnumerable()</c>): the loop can become <c>await foreach</c> over EF Core's
    /// <c>AsAsyncEnumerable()</c>, which throws on anything else. So the proof is strict: from the loop down to the
    /// query's start, only Queryable's and EF Core's operators and <c>AsEnumerable</c> (which hands out the same
    /// object); an <c>Enumerable.Where</c> on the way makes an in-memory sequence, and no fix.
    /// </summary>
    public static async Task<bool> IsEntityQueryEnumeratedByForEachAsync(Location location, Solution solution, CancellationToken cancellationToken)
    {
        if (solution.GetDocument(location.SourceTree) is not { } document
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || ForEachOf(root.FindNode(location.SourceSpan, getInnermostNodeForTie: true)) is not { } loop
            || model.GetOperation(loop, cancellationToken) is not IForEachLoopOperation { Collection: var collection } operation)
        {
            return false;
        }

        IOperation body = operation;
        while (body.Parent is { } parent)
        {
            body = parent;
        }

        var search = new Search(solution, strict: true, cancellationToken);
        return await search.IsEntityQueryAsync(collection, body, model.Compilation, calls: 0).ConfigureAwait(false);
    }

    /// <summary>
    /// For a response that serializes a sequence composed in memory on a query (<c>Ok(service.All().OrderBy(f))</c>):
    /// where the EF Core query object becomes LINQ to Objects (<c>service.All()</c>), when it is the query object wherever
    /// it comes from (the strict proof of <see cref="IsEntityQueryEnumeratedByForEachAsync"/>) and every operator above it
    /// enumerates it whole anyway, so that awaiting its <c>ToListAsync()</c> there reads the rows the serializer read
    /// (not <c>Take</c>, <c>First</c> or anything else that stops early: materializing would read more). Not through a
    /// local. Null otherwise. <paramref name="keepModelType"/>: the sequence is a view's model, whose type the view's
    /// <c>@model</c> checks, so the operator it is handed out by must make a new sequence over the list as it did over
    /// the query (not <c>AsEnumerable</c> or <c>Cast</c>, which hand out the query object itself: a list there would fail a
    /// view typed <c>IQueryable&lt;T&gt;</c>).
    /// </summary>
    public static async Task<Location?> MaterializedQueryAsync(Location location, Solution solution, bool keepModelType, CancellationToken cancellationToken)
    {
        if (solution.GetDocument(location.SourceTree) is not { } document
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || root.FindNode(location.SourceSpan, getInnermostNodeForTie: true) is not ExpressionSyntax node
            || model.GetOperation(node, cancellationToken) is not { } value)
        {
            return null;
        }

        IOperation body = value;
        while (body.Parent is { } parent)
        {
            body = parent;
        }

        // Not into a local: reading the query at its declaration would read it before whatever the handler writes
        // between there and its return, and a local captured from an enclosing function would run once for all requests.
        var current = IOperationExtensions.UnwrapToSameObject(value);
        if (keepModelType && current is IInvocationOperation { TargetMethod.Name: "AsEnumerable" or "Cast" })
        {
            return null;
        }

        var composed = false;
        while (current is IInvocationOperation { TargetMethod: { IsExtensionMethod: true } method, Arguments.Length: > 0 } call
            && (method.ReducedFrom ?? method).ContainingType?.ToDisplayString() == WellKnownTypeNames.SystemLinqEnumerable
            && EnumeratesWhole(method.Name))
        {
            current = IOperationExtensions.UnwrapToSameObject(call.Arguments[0].Value);
            composed = true;
        }

        if (!composed || current is null)
        {
            return null;
        }

        var search = new Search(solution, strict: true, cancellationToken);
        return await search.IsEntityQueryAsync(current, body, model.Compilation, calls: 0).ConfigureAwait(false)
            ? current.Syntax.GetLocation()
            : null;
    }

    /// <summary>LINQ to Objects operators that read their source to the end whenever their result is read to the end.
    /// Not <c>Reverse</c>: over the list, <c>(await query.ToListAsync()).Reverse()</c> binds to <c>List&lt;T&gt;.Reverse()</c>,
    /// which returns nothing.</summary>
    private static bool EnumeratesWhole(string name) => name is "Where" or "Select" or "OrderBy" or "OrderByDescending"
        or "ThenBy" or "ThenByDescending" or "Skip" or "SkipWhile" or "Distinct" or "DistinctBy" or "GroupBy"
        or "OfType" or "Cast" or "AsEnumerable" or "DefaultIfEmpty";

    /// <summary>Whether <paramref name="location"/> is the sequence a <c>foreach</c> (not yet <c>await foreach</c>)
    /// enumerates: where a query is reported enumerated by a loop.</summary>
    public static async Task<bool> IsForEachSequenceAsync(Location location, CancellationToken cancellationToken)
        => location.SourceTree is { } tree
            && ForEachOf((await tree.GetRootAsync(cancellationToken).ConfigureAwait(false)).FindNode(location.SourceSpan, getInnermostNodeForTie: true)) is not null;

    /// <summary>The loop whose sequence <paramref name="node"/> is, if it is one and the loop is not awaited yet.</summary>
    public static CommonForEachStatementSyntax? ForEachOf(SyntaxNode node)
        => node is ExpressionSyntax && node.Parent is CommonForEachStatementSyntax loop && loop.Expression == node && !loop.AwaitKeyword.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.AwaitKeyword)
            ? loop
            : null;

    /// <summary>Down a query's operators to where it starts, through only those that hand out an EF Core query object
    /// when given one: Queryable's, EF Core's (both typed <c>IQueryable</c>) and <c>Enumerable.AsEnumerable</c>.</summary>
    private static IOperation? StrictRoot(IOperation? source)
    {
        for (var i = 0; i < MaxOperators; i++)
        {
            source = IOperationExtensions.UnwrapToSameObject(source);
            if (source is ITranslatedQueryOperation query)
            {
                source = IOperationExtensions.UnwrapToSameObject(query.Operation);
            }

            if (source is not IInvocationOperation { TargetMethod: { IsExtensionMethod: true } method, Arguments.Length: > 0 } call
                || !KeepsTheQueryObject(method))
            {
                return source;
            }

            source = call.Arguments[0].Value;
        }

        return null;
    }

    private static bool KeepsTheQueryObject(IMethodSymbol method)
    {
        var holder = method.ContainingType?.ToDisplayString();
        return method.Name switch
        {
            "AsEnumerable" => holder == WellKnownTypeNames.SystemLinqEnumerable,
            "AsQueryable" or "AsAsyncEnumerable" => false,
            _ => method.ReturnType is INamedTypeSymbol { Name: "IQueryable" or "IOrderedQueryable" or "IIncludableQueryable" }
                && (holder == WellKnownTypeNames.SystemLinqQueryable
                    || (method.ContainingNamespace?.ToDisplayString() is { } ns && (ns == "Microsoft.EntityFrameworkCore" || ns.StartsWith("Microsoft.EntityFrameworkCore.", System.StringComparison.Ordinal)))),
        };
    }

    // Operators followed down one query, as the analyzer's own walk to a query's root follows.
    private const int MaxOperators = 16;

    private sealed class Search
    {
        private readonly Solution _solution;
        private readonly bool _strict;
        private readonly CancellationToken _cancellationToken;
        private readonly HashSet<ISymbol> _followedLocals = new(SymbolEqualityComparer.Default);

        public Search(Solution solution, CancellationToken cancellationToken)
            : this(solution, strict: false, cancellationToken)
        {
        }

        /// <param name="strict">Only operators that keep the query object (<see cref="StrictRoot"/>): the sequence itself,
        /// not a counterpart of the last operator, goes to EF Core.</param>
        public Search(Solution solution, bool strict, CancellationToken cancellationToken)
        {
            _solution = solution;
            _strict = strict;
            _cancellationToken = cancellationToken;
        }

        /// <summary>A value whose query starts at a DbSet, or at a call or local that is one.</summary>
        public async Task<bool> IsEntityQueryAsync(IOperation value, IOperation body, Compilation compilation, int calls)
        {
            var root = _strict ? StrictRoot(value) : AsyncCounterparts.QueryRoot(value);
            var queries = BlockingCatalog.For(compilation).Queries;
            switch (root)
            {
                case null:
                    return false;
                case { Type: var type } when queries.IsDbSet(type) || queries.IsIdentityStoreQuery(root):
                    return true;
                case IInvocationOperation { TargetMethod.IsExtensionMethod: false } call:
                    return calls < MaxCalls && await ReturnsEntityQueriesAsync(call.TargetMethod, call.IsVirtual, calls + 1).ConfigureAwait(false);
                case IPropertyReferenceOperation { Property: { GetMethod: not null } property } reference:
                    return calls < MaxCalls && await ReturnsEntityQueriesAsync(property, !IsBase(reference.Instance) && IsOverridable(property), calls + 1).ConfigureAwait(false);
                case ILocalReferenceOperation local:
                    return await AssignedEntityQueriesAsync(local.Local, body, compilation, calls).ConfigureAwait(false);
                default:
                    return false;
            }
        }

        /// <summary>Every value assigned to the local is an EF Core query; a local being followed already counts as one
        /// (<c>query = query.Include(path)</c> is as much EF Core's as its first value). Written through a reference or
        /// assigned any other way: no proof.</summary>
        private async Task<bool> AssignedEntityQueriesAsync(ILocalSymbol local, IOperation body, Compilation compilation, int calls)
        {
            if (!_followedLocals.Add(local))
            {
                return true;
            }

            var values = new List<IOperation>();
            foreach (var operation in body.Descendants())
            {
                switch (operation)
                {
                    case IVariableDeclaratorOperation declarator when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local):
                        if (declarator.GetVariableInitializer()?.Value is { } initial)
                        {
                            values.Add(initial);
                        }

                        break;
                    case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment when SymbolEqualityComparer.Default.Equals(target.Local, local):
                        if (assignment.IsRef)
                        {
                            return false;
                        }

                        values.Add(assignment.Value);
                        break;
                    case ILocalReferenceOperation reference when SymbolEqualityComparer.Default.Equals(reference.Local, local) && IsOtherWrite(reference):
                        return false;
                }
            }

            if (values.Count == 0 || local.RefKind != RefKind.None)
            {
                return false;
            }

            foreach (var value in values)
            {
                if (!await IsEntityQueryAsync(value, body, compilation, calls).ConfigureAwait(false))
                {
                    return false;
                }
            }

            return true;
        }

        /// <summary>A write to the local other than a declaration's initializer or a simple assignment: a compound or
        /// coalescing assignment, a deconstruction, a ref or out argument.</summary>
        private static bool IsOtherWrite(ILocalReferenceOperation reference)
            => reference.Parent switch
            {
                ISimpleAssignmentOperation simple => simple.Target != reference && simple.IsRef,
                IAssignmentOperation assignment => assignment.Target == reference,
                IArgumentOperation { Parameter.RefKind: not RefKind.None and not RefKind.In } => true,
                ITupleOperation or IDeclarationExpressionOperation => true,
                _ => false,
            };

        /// <summary>Every body the call can run returns only EF Core queries.</summary>
        private async Task<bool> ReturnsEntityQueriesAsync(ISymbol called, bool virtualDispatch, int calls)
        {
            var targets = new List<ISymbol>();
            if (!await TargetsAsync(called.OriginalDefinition, virtualDispatch, targets).ConfigureAwait(false) || targets.Count == 0)
            {
                return false;
            }

            foreach (var target in targets)
            {
                if (!await ReturnsEntityQueriesAsync(target, calls).ConfigureAwait(false))
                {
                    return false;
                }
            }

            return true;
        }

        /// <summary>The members with a body a call of <paramref name="called"/> can run: the member itself, or under virtual
        /// dispatch also every implementation and override in the solution. False when one has no source (an
        /// implementation in a package may return anything).</summary>
        private async Task<bool> TargetsAsync(ISymbol called, bool virtualDispatch, List<ISymbol> targets)
        {
            var seen = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
            var pending = new Stack<ISymbol>();
            pending.Push(called);
            while (pending.Count > 0)
            {
                var member = pending.Pop();
                if (!seen.Add(member.OriginalDefinition))
                {
                    continue;
                }

                if (member.DeclaringSyntaxReferences.Length == 0)
                {
                    if (await SymbolFinder.FindSourceDefinitionAsync(member, _solution, _cancellationToken).ConfigureAwait(false) is not { } source)
                    {
                        return false;
                    }

                    member = source;
                }

                if (!member.IsAbstract)
                {
                    targets.Add(member);
                }

                if (!virtualDispatch)
                {
                    continue;
                }

                if (member.ContainingType is { TypeKind: TypeKind.Interface })
                {
                    foreach (var implementation in await SymbolFinder.FindImplementationsAsync(member, _solution, cancellationToken: _cancellationToken).ConfigureAwait(false))
                    {
                        pending.Push(implementation);
                    }
                }
                else if (IsOverridable(member))
                {
                    foreach (var overriding in await SymbolFinder.FindOverridesAsync(member, _solution, cancellationToken: _cancellationToken).ConfigureAwait(false))
                    {
                        pending.Push(overriding);
                    }
                }
            }

            return true;
        }

        /// <summary>Each declaration of the member (its getter for a property) returns something, and only EF Core
        /// queries.</summary>
        private async Task<bool> ReturnsEntityQueriesAsync(ISymbol target, int calls)
        {
            var method = target as IMethodSymbol ?? (target as IPropertySymbol)?.GetMethod;
            if (method is null || method.DeclaringSyntaxReferences.Length == 0)
            {
                return false;
            }

            foreach (var reference in method.DeclaringSyntaxReferences)
            {
                if (_solution.GetDocument(reference.SyntaxTree) is not { } document
                    || await document.GetSemanticModelAsync(_cancellationToken).ConfigureAwait(false) is not { } model
                    || model.GetOperation(await reference.GetSyntaxAsync(_cancellationToken).ConfigureAwait(false), _cancellationToken) is not { } body)
                {
                    return false;
                }

                var values = new List<IOperation>();
                DeferredQueries.ReturnedValues(body, values);
                if (values.Count == 0)
                {
                    return false;
                }

                foreach (var value in values)
                {
                    if (!await IsEntityQueryAsync(value, body, model.Compilation, calls).ConfigureAwait(false))
                    {
                        return false;
                    }
                }
            }

            return true;
        }

        private static bool IsOverridable(ISymbol member)
            => member.ContainingType is { TypeKind: TypeKind.Interface }
                || ((member.IsVirtual || member.IsAbstract || member.IsOverride) && !member.IsSealed && member.ContainingType is { IsSealed: false });

        private static bool IsBase(IOperation? instance)
            => instance is IInstanceReferenceOperation { Syntax: BaseExpressionSyntax };
    }
}
