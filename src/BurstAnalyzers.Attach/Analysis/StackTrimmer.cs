using System;
using System.Collections.Generic;
using System.Text.RegularExpressions;
using BurstAnalyzers.Diagnostics.Reporting;

namespace BurstAnalyzers.Attach.Analysis;

/// <summary>
/// From a symbolized stack (innermost first) to a <see cref="CallSite"/>, or to nothing when the thread is not one of
/// the thread pool's: only pool threads starve requests. The framework frames between the runtime's wait and the first
/// code frame say what kind of wait it was (a task wait reaches the runtime through ManualResetEventSlim and
/// Monitor.Wait); the one adjacent to the code frame is the call the code made.
/// </summary>
internal static partial class StackTrimmer
{
    public static CallSite? Trim(IReadOnlyList<Frame> frames, bool lockContention, int maxFrames)
    {
        if (frames.Count == 0 || !OnPoolThread(frames))
        {
            return null;
        }

        int firstCode = frames.Count;
        for (int i = 0; i < frames.Count; i++)
        {
            if (!frames[i].IsFramework || frames[i].IsGenerated)
            {
                firstCode = i;
                break;
            }
        }

        WaitKind kind = lockContention ? WaitKind.LockContention : KindOf(frames, firstCode);
        // The framework member the code called; with no code frame at all, the innermost one (the wait itself).
        Frame call = frames[firstCode < frames.Count ? Math.Max(0, firstCode - 1) : 0];
        string blockingCall = kind == WaitKind.LockContention && call.Method.StartsWith("System.Threading.Monitor.", StringComparison.Ordinal)
            ? "lock (Monitor.Enter)"
            : PublicName(Shorten(call.Method));

        var code = new List<Frame>();
        for (int i = firstCode; i < frames.Count && code.Count < maxFrames; i++)
        {
            Frame frame = frames[i];
            if (frame.IsGenerated)
            {
                // The request delegate: the handler's code was inlined into it or called from it; what calls it is the
                // framework's pipeline (middleware), the same for every request, so the call site ends here.
                code.Add(frame with { Method = "(generated code)" });
                break;
            }

            if (frame.IsCode)
            {
                code.Add(frame with { Method = Shorten(frame.Method) });
            }
        }

        return new CallSite(kind, blockingCall, code);
    }

    /// <summary>The pool's worker (and, on Windows, I/O completion) threads, by their outermost frames.</summary>
    private static bool OnPoolThread(IReadOnlyList<Frame> frames)
    {
        for (int i = frames.Count - 1; i >= Math.Max(0, frames.Count - 6); i--)
        {
            string method = frames[i].Method;
            if (method.StartsWith("System.Threading.PortableThreadPool+WorkerThread", StringComparison.Ordinal)
                || method.StartsWith("System.Threading.PortableThreadPool+IOCompletionPoller", StringComparison.Ordinal)
                || method.StartsWith("System.Threading.ThreadPoolWorkQueue.Dispatch", StringComparison.Ordinal)
                || method.StartsWith("System.Threading.WindowsThreadPool", StringComparison.Ordinal))
            {
                return true;
            }
        }

        return false;
    }

    private static WaitKind KindOf(IReadOnlyList<Frame> frames, int firstCode)
    {
        bool semaphore = false, slimEvent = false, monitor = false, handle = false;
        for (int i = 0; i < firstCode; i++)
        {
            string method = frames[i].Method;
            if (method.StartsWith("System.Threading.Tasks.Task", StringComparison.Ordinal)
                || method.StartsWith("System.Runtime.CompilerServices.TaskAwaiter", StringComparison.Ordinal)
                || method.StartsWith("System.Runtime.CompilerServices.ConfiguredTaskAwaitable", StringComparison.Ordinal))
            {
                return WaitKind.Task;
            }

            // A contended lock waits on the runtime's event for the lock: that wait is the contention.
            if (method.StartsWith("System.Threading.Monitor.Enter", StringComparison.Ordinal)
                || method.StartsWith("System.Threading.Monitor.ReliableEnter", StringComparison.Ordinal)
                || method.StartsWith("System.Threading.Lock.Enter", StringComparison.Ordinal))
            {
                return WaitKind.LockContention;
            }

            semaphore |= method.StartsWith("System.Threading.SemaphoreSlim.Wait", StringComparison.Ordinal);
            slimEvent |= method.StartsWith("System.Threading.ManualResetEventSlim.Wait", StringComparison.Ordinal);
            monitor |= method.StartsWith("System.Threading.Monitor.", StringComparison.Ordinal);
            handle |= method.StartsWith("System.Threading.WaitHandle.", StringComparison.Ordinal);
        }

        return semaphore ? WaitKind.SemaphoreSlim
            : slimEvent ? WaitKind.ManualResetEventSlim
            : monitor ? WaitKind.Monitor
            : handle ? WaitKind.WaitHandle
            : WaitKind.Other;
    }

    /// <summary>
    /// "Ns.Type+&lt;Load&gt;d__5.MoveNext(...)" is the async method Ns.Type.Load; parameter lists are dropped (the
    /// documentation id, read from metadata, carries the exact signature).
    /// </summary>
    public static string Shorten(string method)
    {
        int parameters = method.IndexOf('(', StringComparison.Ordinal);
        string name = parameters >= 0 ? method[..parameters] : method;
        return Instantiation().Replace(AsyncStateMachine().Replace(name, ".$1"), "");
    }

    /// <summary>
    /// The public member an internal frame stands for (the JIT inlines the public one): the detector's map for the task
    /// library (linked), and the wait-handle and lock entry points only this tool sees.
    /// </summary>
    private static string PublicName(string frame) => frame switch
    {
        "System.Threading.WaitHandle.WaitOneNoCheck" => "System.Threading.WaitHandle.WaitOne",
        "System.Threading.Monitor.Enter_Slowpath" or "System.Threading.Monitor.ReliableEnter" => "lock (Monitor.Enter)",
        _ => BlockingCallName.Public(frame),
    };

    [GeneratedRegex(@"\+<([^>]+)>d__\d+(`\d+)?(\[[^\]]*\])?\.MoveNext$")]
    private static partial Regex AsyncStateMachine();

    /// <summary>"Task`1[System.Int32]" is "Task`1": one site whatever the type arguments.</summary>
    [GeneratedRegex(@"(?<=`\d+)\[[^\]]*\]")]
    private static partial Regex Instantiation();
}
