using System.Collections.Concurrent;
using System.Reflection;

namespace BurstAnalyzers.Diagnostics.Reporting;

/// <summary>
/// The task waits a code frame's own IL makes. In optimized code the stack cannot say whether the frame next to the
/// task library waited itself or a method the JIT inlined into it did; its IL can, and names the member it called
/// (which the stack, with that member inlined, no longer does). Read once per method: a wait's report is built for
/// every long wait, before the throttle, so the answers are kept, a bounded number of them.
/// </summary>
internal readonly struct OwnWait
{
    /// <summary>Nothing known: the IL could not be read.</summary>
    public static readonly OwnWait Unknown;

    private const int MaxKnown = 1000;
    private static readonly ConcurrentDictionary<MethodBase, OwnWait> s_known = new();

    private OwnWait(MethodBase? single, bool none)
    {
        Single = single;
        None = none;
    }

    /// <summary>The task wait the frame calls, when it calls exactly one member that waits.</summary>
    public MethodBase? Single { get; }

    /// <summary>True when the frame calls no task wait: a method inlined into it made the wait.</summary>
    public bool None { get; }

    public static OwnWait Of(MethodBase frame)
    {
        if (s_known.TryGetValue(frame, out OwnWait known))
        {
            return known;
        }

        OwnWait read = Read(frame);
        if (s_known.Count >= MaxKnown)
        {
            s_known.Clear();
        }

        s_known[frame] = read;
        return read;
    }

    private static OwnWait Read(MethodBase frame)
    {
        if (DirectCalls.Of(frame) is not { } callees)
        {
            return Unknown;
        }

        MethodBase? single = null;
        bool several = false;
        foreach (MethodBase callee in callees)
        {
            if (!IsTaskWait(callee))
            {
                continue;
            }

            several |= single is not null && !single.Equals(callee);
            single ??= callee;
        }

        return single is null ? new OwnWait(null, none: true) : new OwnWait(several ? null : single, none: false);
    }

    // GetResult of the task awaiters, Task<T>.Result, ValueTask<T>.Result, Task.Wait.
    private static bool IsTaskWait(MethodBase method) =>
        CallSite.IsTaskLibrary(method) && method.Name is "GetResult" or "get_Result" or "Wait";
}
