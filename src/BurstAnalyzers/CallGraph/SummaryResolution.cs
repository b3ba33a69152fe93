using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// Resolves the summaries of every method reachable from one method and not summarized yet: a depth-first walk of the
/// call graph (Tarjan's strongly connected components, with an explicit stack, so deep chains cannot overflow the
/// thread's stack). Methods that call each other in a cycle form one component; a component is settled only once all
/// it calls outside itself is settled, so every summary published is final:
/// <list type="bullet">
/// <item>a method that blocks itself has depth 1 (its facts hold no calls: nothing is followed from it);</item>
/// <item>any other has 1 + the smallest depth among the methods it may call, found inside a component by relaxing
/// until nothing changes, so recursion and cycles end, and a cycle with no way out to a blocking call does not
/// block;</item>
/// <item>its next step is its first call, in body order, that may run a method of that smallest depth (the first
/// such target in source order): the same answer on every thread and every run.</item>
/// </list>
/// </summary>
internal sealed class SummaryResolution
{
    private const int Unreached = int.MaxValue;

    private readonly MethodSummaries _summaries;
    private readonly CancellationToken _cancellationToken;
    private readonly Dictionary<IMethodSymbol, Visit> _visits = new(SymbolEqualityComparer.Default);
    private readonly Stack<Visit> _component = new();
    private readonly Stack<Visit> _walk = new();
    private int _nextIndex;

    public SummaryResolution(MethodSummaries summaries, CancellationToken cancellationToken)
    {
        _summaries = summaries;
        _cancellationToken = cancellationToken;
    }

    public void Resolve(IMethodSymbol root)
    {
        Enter(root);
        while (_walk.Count > 0)
        {
            var visit = _walk.Peek();
            if (visit.NextTarget() is { } target)
            {
                if (_visits.TryGetValue(target, out var seen))
                {
                    // Stryker disable once Equality : on a tie the low-link keeps its value
                    if (seen.OnStack && seen.Index < visit.LowLink)
                    {
                        visit.LowLink = seen.Index;
                    }
                }
                else if (!_summaries.TryGetSummary(target, out _))
                {
                    Enter(target);
                }

                continue;
            }

            _walk.Pop();
            if (_walk.Count > 0 && visit.LowLink < _walk.Peek().LowLink)
            {
                _walk.Peek().LowLink = visit.LowLink;
            }

            if (visit.LowLink == visit.Index)
            {
                Settle(visit);
            }
        }
    }

    private void Enter(IMethodSymbol method)
    {
        // Stryker disable once Statement : cancellation only ends the work sooner; no result depends on it
        _cancellationToken.ThrowIfCancellationRequested();
        var visit = new Visit(method, _summaries.BlockingFactsOf(method, _cancellationToken), _nextIndex++);
        _visits.Add(method, visit);
        _component.Push(visit);
        _walk.Push(visit);
    }

    /// <summary>Pops the component rooted at <paramref name="root"/>, computes its depths and publishes its summaries.</summary>
    private void Settle(Visit root)
    {
        var members = new List<Visit>();
        Visit member;
        do
        {
            member = _component.Pop();
            // Stryker disable once Boolean : a settled member left "on the stack" only merges later members into larger
            // components, whose depths the relaxation below still makes the shortest
            member.OnStack = false;
            member.InComponent = true;
            members.Add(member);
        }
        while (member != root);

        foreach (var visit in members)
        {
            // Stryker disable once Conditional : a method that blocks itself has no calls, so it is alone in its component
            // and its summary (depth 1) comes from its facts, not from this working depth
            visit.Depth = visit.Facts.Blocking is not null ? 1 : ShortestThrough(visit, outside: true);
        }

        // Inside a cycle, a depth found for one member may shorten another's: repeat until stable (at most one pass
        // per member, since each pass fixes at least one more of them for good).
        // Stryker disable once Equality : relaxing a lone member changes nothing
        var changed = members.Count > 1;
        while (changed)
        {
            changed = false;
            foreach (var visit in members)
            {
                if (visit.Facts.Blocking is null)
                {
                    var inside = ShortestThrough(visit, outside: false);
                    if (inside < visit.Depth)
                    {
                        visit.Depth = inside;
                        changed = true;
                    }
                }
            }
        }

        foreach (var visit in members)
        {
            _summaries.Publish(visit.Method, SummaryOf(visit));
            visit.InComponent = false;
        }
    }

    /// <summary>1 + the smallest depth among the targets of the method's calls, outside its component or inside it.</summary>
    private int ShortestThrough(Visit visit, bool outside)
    {
        var shortest = Unreached;
        foreach (var call in visit.Facts.Calls)
        {
            foreach (var target in call.Targets)
            {
                var depth = DepthOf(target, outside);
                if (depth == Unreached)
                {
                    continue;
                }

                // Stryker disable once Equality : on a tie the shortest keeps its value
                if (depth + 1 + call.HopsBefore < shortest)
                {
                    shortest = depth + 1 + call.HopsBefore;
                }
            }
        }

        return shortest;
    }

    /// <summary>A target's depth as known now: from its final summary when outside the component being settled, from
    /// the component's working depths when inside (Unreached for a target on the other side, or one that never blocks).</summary>
    private int DepthOf(IMethodSymbol target, bool outside)
    {
        if (_visits.TryGetValue(target, out var visit) && visit.InComponent)
        {
            // Stryker disable once Conditional : a member's working depth seen early is only an earlier relaxation step
            return outside ? Unreached : visit.Depth;
        }

        // Stryker disable once Block : an outside target's depth, seen again from inside, was already counted
        if (!outside)
        {
            return Unreached;
        }

        return _summaries.TryGetSummary(target, out var summary) && summary.Blocks ? summary.Depth : Unreached;
    }

    private MethodSummary SummaryOf(Visit visit)
    {
        if (visit.Facts.Blocking is { } blocking)
        {
            return MethodSummary.BlocksItself(blocking);
        }

        // Stryker disable once Block : the loop below finds no target of an unreached depth and ends the same way
        if (visit.Depth == Unreached)
        {
            return MethodSummary.NotBlocking;
        }

        foreach (var call in visit.Facts.Calls)
        {
            foreach (var target in call.Targets)
            {
                var depth = DepthOf(target, outside: true);
                if (depth == Unreached)
                {
                    depth = DepthOf(target, outside: false);
                }

                if (depth != Unreached && depth + 1 + call.HopsBefore == visit.Depth)
                {
                    var dispatched = call.VirtualCall && !SymbolEqualityComparer.Default.Equals(target, call.Called);
                    return MethodSummary.BlocksThrough(visit.Depth, target, call.Syntax.GetLocation(), call.Via, dispatched ? call.Called : null);
                }
            }
        }

        return MethodSummary.NotBlocking;
    }

    /// <summary>One method on the walk: its facts, where the walk is in its calls, and Tarjan's bookkeeping.</summary>
    private sealed class Visit
    {
        private int _call;
        private int _target;

        public Visit(IMethodSymbol method, MethodFacts facts, int index)
        {
            Method = method;
            Facts = facts;
            Index = index;
            LowLink = index;
            OnStack = true;
            Depth = Unreached;
        }

        public IMethodSymbol Method { get; }

        public MethodFacts Facts { get; }

        public int Index { get; }

        public int LowLink { get; set; }

        public bool OnStack { get; set; }

        /// <summary>True while its component is being settled.</summary>
        public bool InComponent { get; set; }

        public int Depth { get; set; }

        /// <summary>The next method the walk follows from this one, in body order, or null when all are done.</summary>
        public IMethodSymbol? NextTarget()
        {
            var calls = Facts.Calls;
            while (_call < calls.Length)
            {
                var targets = calls[_call].Targets;
                if (_target < targets.Length)
                {
                    return targets[_target++];
                }

                _call++;
                _target = 0;
            }

            return null;
        }
    }
}
