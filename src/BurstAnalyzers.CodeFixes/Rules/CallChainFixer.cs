using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.AsyncConversion;
using BurstAnalyzers.CallGraph;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.FindSymbols;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Rules;

/// <summary>
/// BURST005 fix: the blocking call at the end of the chain is rewritten as its own rule's fix would rewrite it, and the
/// change follows the chain back to the handler: each method on the way becomes async and each call of it an await
/// (every caller in the solution, not only the handler's). Offered only when every step is safe under the async-fix
/// rules. A chain through an interface, an abstract or an overridden virtual method changes the member with every
/// implementation or override in the solution (<see cref="InStepMembers"/>), all or none; a chain through a property or
/// a constructor gets only the offload fix.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(CallChainFixer)), Shared]
public sealed class CallChainFixer : AsyncFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(DiagnosticIds.BlockingCallChain);

    private protected override ICallsToAwait CallsToAwait { get; } = new ChainCallsToAwait();

    private protected override string Title => "Make the call chain async, down to the blocking call";

    /// <summary>
    /// The chain's last additional location is its blocking call, and the diagnostic names the rule it breaks: that
    /// call first. Then every other blocking call the handler's call reaches through convertible methods, so the call
    /// no longer blocks once fixed (the rule names only the first it finds); if one of them has no rewrite or cannot be
    /// converted, there is no async fix at all (the engine converts a diagnostic's calls all or none).
    /// </summary>
    private sealed class ChainCallsToAwait : ICallsToAwait
    {
        public async Task<ImmutableArray<CallToAwait>> FindAsync(Diagnostic diagnostic, Solution solution, CancellationToken cancellationToken)
        {
            // A report at a registration is about another project's handler: nothing in this document to convert.
            if (diagnostic.AdditionalLocations.Count == 0
                || diagnostic.Properties.ContainsKey(CallChainAnalysis.HandlerProjectProperty)
                || !diagnostic.Properties.TryGetValue(BlockingChain.BlockingRuleProperty, out var rule)
                || RewriteOf(rule) is not { } rewrite)
            {
                return ImmutableArray<CallToAwait>.Empty;
            }

            var end = diagnostic.AdditionalLocations[diagnostic.AdditionalLocations.Count - 1];
            if (diagnostic.Properties.ContainsKey(BlockingChain.CarriedFromProperty))
            {
                // The chain goes on in another project: its blocking call is in a document of that project, when the
                // solution has it (an editor, dotnet format on the solution). The engine follows the change back
                // through the callers in every project; the library's public API rule decides whether it may. Where
                // the report counts other blocking calls behind the same call there, they are all converted or none
                // (converting only the named one left an async method that still blocked).
                if (diagnostic.Properties.ContainsKey(BlockingChain.OtherBlockingCallsProperty))
                {
                    return await AllBehindTheCallInOtherProjectAsync(diagnostic, solution, cancellationToken).ConfigureAwait(false);
                }

                return await InOtherProjectAsync(end, solution, cancellationToken).ConfigureAwait(false) is { } elsewhere
                    && !await IsInLambdaAsync(elsewhere, cancellationToken).ConfigureAwait(false)
                    && await RewriteAtEndAsync(diagnostic, rewrite, rule, elsewhere, solution, cancellationToken).ConfigureAwait(false) is { } atEnd
                        ? ImmutableArray.Create(new CallToAwait(elsewhere, atEnd))
                        : ImmutableArray<CallToAwait>.Empty;
            }

            if (await IsInLambdaAsync(end, cancellationToken).ConfigureAwait(false))
            {
                // A blocking call in a lambda queued to the pool (Task.Run) or run in place (LINQ): making the chain
                // async would not reach it. The offload fix remains.
                return ImmutableArray<CallToAwait>.Empty;
            }

            if (await RewriteAtEndAsync(diagnostic, rewrite, rule, end, solution, cancellationToken).ConfigureAwait(false) is not { } endRewrite)
            {
                return ImmutableArray<CallToAwait>.Empty;
            }

            var calls = ImmutableArray.CreateBuilder<CallToAwait>();
            calls.Add(new CallToAwait(end, endRewrite));
            if (solution.GetDocument(diagnostic.Location.SourceTree) is { } document
                && await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is { } model
                && await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is { } root
                && model.GetOperation(root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true), cancellationToken) is { } call)
            {
                foreach (var reached in ReachedBlockingCalls.Under(call, model.Compilation, document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider, document.Project.AnalyzerOptions.AdditionalFiles, cancellationToken))
                {
                    if (reached.Location.Equals(end))
                    {
                        continue;
                    }

                    if (await RewriteAtAsync(reached.Rule, reached.Location, solution, cancellationToken).ConfigureAwait(false) is not { } other)
                    {
                        return ImmutableArray<CallToAwait>.Empty; // a call with no async twin (BURST006) would stay blocking
                    }

                    calls.Add(new CallToAwait(reached.Location, other));
                }
            }

            // The report counts blocking calls this walk does not see (a query the call graph found, a call into another
            // project): converting the rest would leave the handler's call blocking, so none (all or none).
            return calls.Count < 1 + OtherBlockingCalls(diagnostic) ? ImmutableArray<CallToAwait>.Empty : calls.ToImmutable();
        }

        /// <summary>
        /// Every blocking call the handler's call reaches in the project that declares the method it calls, walked there
        /// as in the handler's own project (<see cref="ReachedBlockingCalls"/>); none unless they are exactly the calls
        /// the report counts (the chain's own and the others it counts, each at one of its locations) and each
        /// has an async rewrite. A call the walk does not see (an await cannot go into a lambda; a query the call graph
        /// found) makes the counts differ: no fix then, so the method never comes out async and still blocking.
        /// </summary>
        private static async Task<ImmutableArray<CallToAwait>> AllBehindTheCallInOtherProjectAsync(Diagnostic diagnostic, Solution solution, CancellationToken cancellationToken)
        {
            var count = OtherBlockingCalls(diagnostic);
            if (count == 0
                || await HandlerCallAsync(diagnostic, solution, cancellationToken).ConfigureAwait(false) is not { } invocation
                || await SymbolFinder.FindSourceDefinitionAsync(CallTargets.Definition(invocation.TargetMethod), solution, cancellationToken).ConfigureAwait(false) is not IMethodSymbol target
                || solution.GetProject(target.ContainingAssembly, cancellationToken) is not { } project
                || await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false) is not { } compilation)
            {
                return ImmutableArray<CallToAwait>.Empty;
            }

            var reached = ReachedBlockingCalls.From(target, invocation.IsVirtual, compilation, project.AnalyzerOptions.AnalyzerConfigOptionsProvider, project.AnalyzerOptions.AdditionalFiles, cancellationToken);
            if (reached.Length != count + 1)
            {
                return ImmutableArray<CallToAwait>.Empty;
            }

            var calls = ImmutableArray.CreateBuilder<CallToAwait>(reached.Length);
            foreach (var call in reached)
            {
                if (!IsAmongLocations(call.Location, diagnostic)
                    || await RewriteAtAsync(call.Rule, call.Location, solution, cancellationToken).ConfigureAwait(false) is not { } rewrite
                    || await IsInLambdaAsync(call.Location, cancellationToken).ConfigureAwait(false))
                {
                    return ImmutableArray<CallToAwait>.Empty;
                }

                calls.Add(new CallToAwait(call.Location, rewrite));
            }

            return calls.MoveToImmutable();
        }

        /// <summary>How many blocking calls behind the handler's call the report counts besides the chain's own.</summary>
        private static int OtherBlockingCalls(Diagnostic diagnostic)
            => diagnostic.Properties.TryGetValue(BlockingChain.OtherBlockingCallsProperty, out var others)
                && int.TryParse(others, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var count)
                    ? count
                    : 0;

        /// <summary>The handler's call the diagnostic points at.</summary>
        private static async Task<IInvocationOperation?> HandlerCallAsync(Diagnostic diagnostic, Solution solution, CancellationToken cancellationToken)
        {
            if (solution.GetDocument(diagnostic.Location.SourceTree) is not { } document
                || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
                || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root)
            {
                return null;
            }

            return model.GetOperation(root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true), cancellationToken) as IInvocationOperation;
        }

        /// <summary>Whether the report lists the call: the other project's places come by path and lines (from its
        /// chains file in a build), so they are compared by path and lines.</summary>
        private static bool IsAmongLocations(Location call, Diagnostic diagnostic)
        {
            var span = call.GetLineSpan();
            foreach (var listed in diagnostic.AdditionalLocations)
            {
                var other = listed.GetLineSpan();
                if (string.Equals(other.Path, span.Path, System.StringComparison.Ordinal)
                    && other.StartLinePosition.Line == span.StartLinePosition.Line
                    && other.EndLinePosition.Line == span.EndLinePosition.Line)
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>The blocking call a carried chain ends in, as a location in the solution's document of that file.</summary>
        private static async Task<Location?> InOtherProjectAsync(Location end, Solution solution, CancellationToken cancellationToken)
        {
            var span = end.GetLineSpan();
            if (string.IsNullOrEmpty(span.Path))
            {
                return null;
            }

            foreach (var id in solution.GetDocumentIdsWithFilePath(span.Path))
            {
                if (solution.GetDocument(id) is { } document
                    && await document.GetSyntaxTreeAsync(cancellationToken).ConfigureAwait(false) is { } tree
                    && await tree.GetTextAsync(cancellationToken).ConfigureAwait(false) is { } text
                    && span.EndLinePosition.Line < text.Lines.Count)
                {
                    return Location.Create(tree, text.Lines.GetTextSpan(span.Span));
                }
            }

            return null;
        }

        private static async Task<bool> IsInLambdaAsync(Location location, CancellationToken cancellationToken)
        {
            if (location.SourceTree is not { } tree)
            {
                return false;
            }

            var root = await tree.GetRootAsync(cancellationToken).ConfigureAwait(false);
            for (var node = root.FindNode(location.SourceSpan, getInnermostNodeForTie: true); node is not null; node = node.Parent)
            {
                if (node is Microsoft.CodeAnalysis.CSharp.Syntax.AnonymousFunctionExpressionSyntax { Parent: Microsoft.CodeAnalysis.CSharp.Syntax.ArgumentSyntax })
                {
                    return true;
                }

                if (node is Microsoft.CodeAnalysis.CSharp.Syntax.MemberDeclarationSyntax or Microsoft.CodeAnalysis.CSharp.Syntax.LocalFunctionStatementSyntax)
                {
                    return false;
                }
            }

            return false;
        }

        /// <summary>The rewrite of the chain's own blocking call at <paramref name="location"/>
        /// (<see cref="RewriteAtAsync"/>, else the rule's <paramref name="rewrite"/>), except where the chain ends in a
        /// <c>foreach</c> over a query (<see cref="BlockingChain.EnumeratedQueryEndProperty"/>): <c>await foreach</c> where
        /// the sequence is shown to be the EF Core query object, and no rewrite otherwise (the counterpart of the call
        /// that hands out the sequence is another thing).</summary>
        private static async Task<IAsyncRewrite?> RewriteAtEndAsync(Diagnostic diagnostic, IAsyncRewrite rewrite, string? rule, Location location, Solution solution, CancellationToken cancellationToken)
        {
            if (rule == DiagnosticIds.SyncIo
                && diagnostic.Properties.ContainsKey(BlockingChain.EnumeratedQueryEndProperty)
                && await EntityQueryOrigins.IsForEachSequenceAsync(location, cancellationToken).ConfigureAwait(false))
            {
                return await EntityQueryOrigins.IsEntityQueryEnumeratedByForEachAsync(location, solution, cancellationToken).ConfigureAwait(false)
                    ? SyncIoFixer.EntityQueryForEachRewrite
                    : null;
            }

            return await RewriteAtAsync(rule, location, solution, cancellationToken).ConfigureAwait(false) ?? rewrite;
        }

        /// <summary>The rewrite of the blocking call at <paramref name="location"/>: its rule's, except for a LINQ call
        /// that runs a query the call graph found (a repository's, in a file that need not import EF Core), which takes
        /// EF Core's operator where <see cref="EntityQueryOrigins"/> shows the query is EF Core's wherever it comes from
        /// (as BURST003's own fix does).</summary>
        private static async Task<IAsyncRewrite?> RewriteAtAsync(string? rule, Location location, Solution solution, CancellationToken cancellationToken)
            => rule == DiagnosticIds.SyncIo && await EntityQueryOrigins.IsEnumeratedEntityQueryAsync(location, solution, cancellationToken).ConfigureAwait(false)
                ? SyncIoFixer.EntityQueryRewrite
                : RewriteOf(rule);

        // BURST006 (listed APIs) has no async twin to await: offload is its only fix.
        private static IAsyncRewrite? RewriteOf(string? rule) => rule switch
        {
            DiagnosticIds.ThreadSleep => ThreadSleepFixer.Rewrite,
            DiagnosticIds.TaskWait => TaskWaitFixer.Rewrite,
            DiagnosticIds.SyncIo => SyncIoFixer.Rewrite,
            DiagnosticIds.PrimitiveWait => PrimitiveWaitFixer.Rewrite,
            _ => null,
        };
    }
}
