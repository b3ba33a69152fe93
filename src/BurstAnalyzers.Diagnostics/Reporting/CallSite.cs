using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Reflection;
using System.Text;

namespace BurstAnalyzers.Diagnostics.Reporting;

/// <summary>
/// Where a blocking wait was made, trimmed to the frames that matter: the framework member that blocked (for example
/// <c>Task`1.get_Result</c>) and the first application or library frames that called it, outermost last.
/// </summary>
internal sealed class CallSite
{
    private CallSite(string blockingCall, IReadOnlyList<string> frames, string? blockingAssembly, CallSiteOrigin origin)
    {
        BlockingCall = blockingCall;
        Frames = frames;
        BlockingAssembly = blockingAssembly;
        Origin = origin;
        Key = blockingCall + " <- " + string.Join(" <- ", frames);
    }

    public string BlockingCall { get; }

    public IReadOnlyList<string> Frames { get; }

    /// <summary>The assembly whose code made the blocking call.</summary>
    public string? BlockingAssembly { get; }

    /// <summary>Whose code made the blocking call: the application's, a library's, or unknown (no code frame left).</summary>
    public CallSiteOrigin Origin { get; }

    public string Key { get; }

    /// <param name="stack">The waiting thread's stack, taken inside the wait.</param>
    /// <param name="maxFrames">Code frames to keep.</param>
    /// <param name="handlerAssembly">
    /// The assembly of the endpoint's handler (from its metadata), when known. Needed because the JIT may inline the
    /// handler into the framework's generated request delegate, and then no frame of it is left on the stack.
    /// </param>
    public static CallSite From(StackTrace stack, int maxFrames, Assembly? handlerAssembly)
    {
        StackFrame[] frames = stack.GetFrames();
        var methods = new List<MethodBase>(frames.Length);
        foreach (StackFrame frame in frames)
        {
            if (frame.GetMethod() is { } method)
            {
                methods.Add(method);
            }
        }

        return From(methods, maxFrames, handlerAssembly);
    }

    /// <param name="methods">The methods on the waiting thread's stack, innermost first.</param>
    /// <param name="maxFrames">As for <see cref="From(StackTrace, int, Assembly?)"/>.</param>
    /// <param name="handlerAssembly">As for <see cref="From(StackTrace, int, Assembly?)"/>.</param>
    internal static CallSite From(IReadOnlyList<MethodBase> methods, int maxFrames, Assembly? handlerAssembly)
    {
        var kept = new List<string>(maxFrames);
        var nearestWait = new List<string>(maxFrames);
        var callers = new List<string>(maxFrames);
        string? blockingCall = null;
        string? taskWait = null;
        bool inTaskWait = true;
        Assembly? blockingAssembly = null;
        Assembly? outermostCode = null;
        bool caller = false;
        bool waitInlinedIntoCaller = false;
        foreach (MethodBase method in methods)
        {
            if (IsEventPlumbing(method))
            {
                continue;
            }

            if (method.DeclaringType is null)
            {
                // Generated code (the compiled expressions behind request delegates and MVC's action executors): the
                // handler and what it calls may have been inlined into it, so the wait ends here.
                caller = true;
                if (blockingAssembly is null && callers.Count < maxFrames)
                {
                    callers.Add(GeneratedCode);
                }

                continue;
            }

            if (IsFramework(method))
            {
                if (!caller)
                {
                    // The outermost framework frame before the first caller is the call that blocked.
                    blockingCall = Describe(method);

                    // The task library's own frames, innermost, up to the first frame of other code.
                    inTaskWait &= IsTaskLibrary(method);
                    if (inTaskWait)
                    {
                        taskWait = blockingCall;
                    }

                    if (nearestWait.Count < maxFrames)
                    {
                        nearestWait.Add(blockingCall);
                    }
                }
                else if (blockingAssembly is null && callers.Count < maxFrames)
                {
                    callers.Add(Describe(method));
                }

                continue;
            }

            Assembly assembly = method.Module.Assembly;
            if (blockingAssembly is null)
            {
                blockingAssembly = assembly;
                waitInlinedIntoCaller = WaitWasInlinedInto(method, caller ? null : blockingCall);
            }

            caller = true;

            // Without the handler's metadata, the outermost code frame is taken as where the request entered the application.
            outermostCode = assembly;
            if (kept.Count < maxFrames)
            {
                kept.Add(Describe(method));
            }
        }

        // With no caller at all (framework code waiting on behalf of the request), the outermost framework frame is the
        // thread's start: name the task library's entry point instead, and show the frames nearest the wait, so the
        // report still says where. With generated code but no code frame, show the generated code and what called it.
        string call = (caller ? blockingCall : taskWait ?? (nearestWait.Count > 0 ? nearestWait[0] : null)) ?? "(unknown)";
        return new CallSite(
            BlockingCallName.Public(call),
            blockingAssembly is not null ? kept : caller ? callers : nearestWait,
            blockingAssembly?.GetName().Name,
            waitInlinedIntoCaller ? CallSiteOrigin.Inlined : Classify(blockingAssembly, handlerAssembly ?? outermostCode));
    }

    /// <summary>
    /// True when the innermost code frame did not make the wait itself: the stack shows the task library's internal
    /// method (the public member was inlined), and the frame's IL calls no task wait, so the wait was in a method the JIT
    /// inlined into that frame, whether the application's or a library's.
    /// </summary>
    private static bool WaitWasInlinedInto(MethodBase frame, string? adjacentFrameworkFrame)
    {
        if (adjacentFrameworkFrame is null || BlockingCallName.Public(adjacentFrameworkFrame) == adjacentFrameworkFrame
            || DirectCalls.Of(frame) is not { } callees)
        {
            return false;
        }

        foreach (MethodBase callee in callees)
        {
            if (IsTaskWait(callee))
            {
                return false;
            }
        }

        return true;
    }

    // GetResult of the task awaiters, Task<T>.Result, ValueTask<T>.Result, Task.Wait.
    private static bool IsTaskWait(MethodBase method) =>
        IsTaskLibrary(method) && method.Name is "GetResult" or "get_Result" or "Wait";

    /// <summary>How a frame of generated code is shown: its name (<c>lambda_method93</c>) differs between copies of one delegate.</summary>
    internal const string GeneratedCode = "(generated code)";

    private static CallSiteOrigin Classify(Assembly? blocking, Assembly? application) =>
        blocking is null ? CallSiteOrigin.Unknown
        : blocking == application || blocking == Assembly.GetEntryAssembly() ? CallSiteOrigin.Application
        : CallSiteOrigin.Library;

    public override string ToString() => Frames.Count == 0 ? BlockingCall : $"{BlockingCall} called from {string.Join(" <- ", Frames)}";

    // The detector's own assemblies are skipped by identity, not by namespace: an application may share the prefix.
    private static readonly Assembly s_detector = typeof(CallSite).Assembly;
    private static readonly Assembly s_offload = typeof(Offload.OffloadScheduler).Assembly;

    private static bool IsFramework(MethodBase method)
    {
        Type type = method.DeclaringType!;
        Assembly assembly = type.Assembly;
        string? ns = type.Namespace;
        return assembly == s_detector
            || assembly == s_offload
            || (ns is not null && (ns == "System" || ns.StartsWith("System.", StringComparison.Ordinal) || ns.StartsWith("Microsoft.", StringComparison.Ordinal)));
    }

    private static bool IsTaskLibrary(MethodBase method) =>
        method.DeclaringType!.Namespace is "System.Threading.Tasks" or "System.Runtime.CompilerServices";

    // The frames between the wait and the detector: the event source's dispatch and the task library's event methods.
    private static bool IsEventPlumbing(MethodBase method) =>
        method.DeclaringType is { } type
        && (type.Assembly == s_detector
            || type.Namespace == "System.Diagnostics.Tracing"
            || type.Name == "TplEventSource");

    // "Namespace.Type.Method"; an async method's MoveNext is shown as the method the developer wrote.
    private static string Describe(MethodBase method)
    {
        Type? type = method.DeclaringType;
        string name = method.Name;
        if (type is not null && name == "MoveNext" && type.Name.StartsWith('<') && type.DeclaringType is not null)
        {
            int end = type.Name.IndexOf('>', StringComparison.Ordinal);
            name = end > 1 ? type.Name[1..end] : name;
            type = type.DeclaringType;
        }

        var text = new StringBuilder();
        if (type is not null)
        {
            text.Append(type.FullName ?? type.Name).Append('.');
        }

        return text.Append(name).ToString().Replace('+', '.');
    }
}
