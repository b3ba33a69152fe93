using System;
using System.Collections.Concurrent;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Incremental;

/// <summary>
/// What a call found from syntax answers once bound (what a registration names, which service it binds), kept with its
/// tree under the compilation's <see cref="CompilationStamp"/>: the answer depends on declarations alone, so a later
/// compilation with the same declarations (the next keystroke) finds it again and binds nothing. Binding one such call
/// binds the whole method it is written in, often a composition root of hundreds of lines. One per compilation; the
/// kept answers live in a <see cref="Kept"/> the caller holds with the tree.
/// </summary>
internal sealed class KeptCallAnswers<T>
{
    private readonly Compilation _compilation;
    private readonly Lazy<DeclarationFingerprint> _stamp;
    private readonly ConcurrentDictionary<SyntaxTree, SemanticModel> _models = new();
    private readonly Func<SyntaxTree, SemanticModel> _createModel;

    public KeptCallAnswers(Compilation compilation)
    {
        _compilation = compilation;
        _stamp = new Lazy<DeclarationFingerprint>(() => CompilationStamp.Of(compilation), LazyThreadSafetyMode.ExecutionAndPublication);
        _createModel = CreateModel;
    }

    /// <summary>The compilation's stamp, under which the answers are kept.</summary>
    public DeclarationFingerprint Stamp => _stamp.Value;

    /// <summary>The answer for <paramref name="call"/>: kept in <paramref name="kept"/> under this compilation's stamp, or
    /// <paramref name="answer"/> of its bound invocation (default when it binds to none), then kept.</summary>
    public T Get(SyntaxReference call, Kept kept, Func<IInvocationOperation, T> answer, CancellationToken cancellationToken)
    {
        var stamp = Stamp;
        if (kept.ByPosition.TryGetValue(call.Span.Start, out var entry) && entry.Stamp.Equals(stamp))
        {
            return entry.Answer;
        }

        var model = _models.GetOrAdd(call.SyntaxTree, _createModel);
        var value = model.GetOperation(call.GetSyntax(cancellationToken), cancellationToken) is IInvocationOperation invocation
            ? answer(invocation)
            : default!;
        kept.ByPosition[call.Span.Start] = new Entry(stamp, value);
        return value;
    }

#pragma warning disable RS1030 // The calls are in other trees than the one analysed; one model per such tree.
    private SemanticModel CreateModel(SyntaxTree tree) => _compilation.GetSemanticModel(tree);
#pragma warning restore RS1030

    /// <summary>One tree's kept answers, by the call's position, each under the stamp it was bound with.</summary>
    internal sealed class Kept
    {
        public ConcurrentDictionary<int, Entry> ByPosition { get; } = new();
    }

    internal readonly struct Entry
    {
        public Entry(DeclarationFingerprint stamp, T answer)
        {
            Stamp = stamp;
            Answer = answer;
        }

        public DeclarationFingerprint Stamp { get; }

        public T Answer { get; }
    }
}
