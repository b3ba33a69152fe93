using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// Everything one diagnostic's fix needs, found by following the change outward: the blocking call becomes an await,
/// its function becomes async, and when that changes the function's return type every call of it becomes an await
/// too, and so on up the callers. All or nothing: if any step cannot be rewritten safely, the draft is dropped and the
/// call gets no fix; else it is merged into the <see cref="ConversionPlan"/>.
/// </summary>
internal sealed class DraftPlan
{
    /// <summary>How deep the fix follows a change, up the callers and down a chain's calls: deep enough for real call
    /// chains; past it, more change than a quick fix should make.</summary>
    public const int MaxCascadeDepth = 16;

    private readonly Solution _solution;
    private readonly FunctionAnalyses _analyses;

    public DraftPlan(Solution solution, FunctionAnalyses analyses)
    {
        _solution = solution;
        _analyses = analyses;
    }

    public Dictionary<SyntaxNode, AwaitEdit> Awaits { get; } = new();

    public Dictionary<SyntaxNode, FunctionEdit> Functions { get; } = new();

    /// <summary>Functions that take their <c>...Async</c> name, by declaration.</summary>
    public Dictionary<SyntaxNode, string> Renames { get; } = new();

    /// <summary>Functions whose added awaits take <c>.ConfigureAwait(false)</c> (<see cref="AwaitConvention"/>): those
    /// the returns of a function gaining async become (<see cref="ReturnRewriter"/>).</summary>
    public HashSet<SyntaxNode> ConfiguringFunctions { get; } = new();

    /// <summary>Documentation references to the renamed functions.</summary>
    public List<CrefReference> Crefs { get; } = new();

    public async Task<bool> AddAsync(Document document, ExpressionSyntax expression, AwaitableReplacement replacement, int depth, CancellationToken cancellationToken)
    {
        if (ConditionalCalls.IsAfterQuestionDot(expression))
        {
            // `a?.Write(x);`: the access is awaited whole; a call after `?.` anywhere else has no faithful await.
            if (ConditionalCalls.StatementAccessOf(expression) is not { } access || replacement.AfterQuestionDot() is not { } coalesced)
            {
                return false;
            }

            expression = access;
            replacement = coalesced;
        }

        // Half-typed code (`x.Wait(` with the next statement on the next line): the parser hangs the line break on a
        // token inside the call, which the rewrite replaces; the two lines would run together. No fix until it parses.
        if (depth > MaxCascadeDepth || expression.ContainsDiagnostics || AwaitContext.FindFunction(expression) is not { } declaration)
        {
            return false;
        }

        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (model is null)
        {
            return false;
        }

        // A member only changed in step with another (awaitless) becomes a function of its own once it awaits.
        if (!Functions.TryGetValue(declaration, out var existing) || existing.Awaitless)
        {
            if (await _analyses.GetAsync(document, model, declaration, cancellationToken).ConfigureAwait(false) is not { } edit)
            {
                return false;
            }

            Functions[declaration] = edit;
            foreach (var member in edit.InStep)
            {
                if (!Functions.ContainsKey(member.Declaration))
                {
                    Functions.Add(member.Declaration, member);
                }
            }

            if (edit.NameRequired && edit.AwaitedBy.IsEmpty)
            {
                // An override that takes the framework's async form: nothing calls it, its base calls follow it.
                var renamedBase = AwaitableReplacement.AwaitTheCallRenamed(edit.ProposedName!);
                Renames[declaration] = edit.ProposedName!;
                foreach (var baseCall in edit.BaseCalls)
                {
                    if (!await AddAsync(document, baseCall, renamedBase, depth + 1, cancellationToken).ConfigureAwait(false))
                    {
                        return false;
                    }
                }
            }

            foreach (var function in edit.AwaitedBy)
            {
                var crefs = new List<CrefReference>();
                var nameOfOperands = new List<SimpleNameSyntax>();
                var calls = await CallerInvocations.FindAsync(function, _solution, declaration, model, crefs, nameOfOperands, cancellationToken).ConfigureAwait(false);
                var own = IsOwnSymbol(function, declaration, model, cancellationToken);
                if (calls is null
                    || (own && calls.Count == 0 && ConventionMethods.RequireVoid(function))
                    || await _analyses.Names.HasDynamicAccessToAsync(function.Name, cancellationToken).ConfigureAwait(false))
                {
                    return false; // a call the fix cannot await: not found by reference, or by convention
                }

                // A function nothing in the source calls is called from outside, maybe by name: it keeps its name,
                // unless the framework that calls it finds its new shape by the new name only. One named in nameof keeps
                // it too: the string would change with it (an action's route in RedirectToAction(nameof(Index))).
                var named = nameOfOperands.Count == 0;
                var newName = edit.NameRequired
                    ? (own && named && await IsFreeAtEveryCallAsync(calls, edit.ProposedName!, cancellationToken).ConfigureAwait(false) ? edit.ProposedName : null)
                    : edit.ProposedName is { } proposed && own && named && calls.Count > 0
                        && !await _analyses.Names.IsSpelledAsync(proposed, cancellationToken).ConfigureAwait(false)
                        && await IsFreeAtEveryCallAsync(calls, proposed, cancellationToken).ConfigureAwait(false)
                            ? proposed
                            : null;
                if (edit.NameRequired && newName is null)
                {
                    return false;
                }

                if (newName is not null)
                {
                    Renames[declaration] = newName;
                    foreach (var cref in crefs)
                    {
                        Crefs.Add(cref.Renaming(newName));
                    }
                }

                var awaitTheCall = newName is null ? AwaitableReplacement.AwaitTheCall : AwaitableReplacement.AwaitTheCallRenamed(newName);
                foreach (var call in calls)
                {
                    if (!Awaits.ContainsKey(call.Invocation)
                        && !await AddAsync(call.Document, call.Invocation, awaitTheCall, depth + 1, cancellationToken).ConfigureAwait(false))
                    {
                        return false;
                    }
                }
            }
        }

        var token = replacement.AcceptsCancellationToken ? CancellationTokens.Find(expression, model, cancellationToken) : null;
        var configureAwait = false;
        if (_analyses.ConfiguresAwaitsIn(document, model, declaration, cancellationToken))
        {
            ConfiguringFunctions.Add(declaration);
            // An async sequence (await foreach over EF Core's AsAsyncEnumerable, which the rewrite bound) is configured
            // by TaskAsyncEnumerableExtensions.ConfigureAwait, as CA2007 asks of it too.
            configureAwait = replacement.AwaitForEach || IsTask(replacement.Create(expression, null), expression, model);
        }

        Awaits[expression] = new AwaitEdit(document.Id, expression, replacement, token, configureAwait);
        return true;
    }

    /// <summary>Whether the awaitable, bound where the blocking expression stands, is a Task or ValueTask: one that is
    /// configured already (<c>t.ConfigureAwait(false).GetAwaiter().GetResult()</c> becomes <c>await t.ConfigureAwait(false)</c>)
    /// or that does not bind is left as it is.</summary>
    private static bool IsTask(ExpressionSyntax awaitable, ExpressionSyntax expression, SemanticModel model)
    {
        var type = model.GetSpeculativeTypeInfo(expression.SpanStart, SpeculativeBinding.Reparsed(awaitable), SpeculativeBindingOption.BindAsExpression).Type;
        return Blocking.CoreLibraryTypes.For(model.Compilation).IsTaskLike(type);
    }

    /// <summary>The function declared by <paramref name="declaration"/> itself (not a contract method it implements).</summary>
    private static bool IsOwnSymbol(IMethodSymbol function, SyntaxNode declaration, SemanticModel model, CancellationToken cancellationToken)
        => SymbolEqualityComparer.Default.Equals(model.GetDeclaredSymbol(declaration, cancellationToken), function);

    private static async Task<bool> IsFreeAtEveryCallAsync(List<CallerInvocation> calls, string newName, CancellationToken cancellationToken)
    {
        foreach (var call in calls)
        {
            var model = await call.Document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
            if (model is null || !AsyncNames.IsFreeAt(call.Invocation, newName, model, cancellationToken))
            {
                return false;
            }
        }

        return true;
    }
}
