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
        var kept = new List<string>(maxFrames);
        var frameworkOnly = new List<string>(maxFrames);
        string blockingCall = "(unknown)";
        Assembly? blockingAssembly = null;
        Assembly? outermostCode = null;
        bool seenCode = false;
        foreach (StackFrame frame in frames)
        {
            if (frame.GetMethod() is not { } method)
            {
                continue;
            }

            if (IsFramework(method))
            {
                if (!seenCode && frameworkOnly.Count < maxFrames && !IsEventPlumbing(method))
                {
                    frameworkOnly.Add(Describe(method));
                }

                if (!seenCode)
                {
                    // The last framework frame before the first code frame is the call that blocked.
                    blockingCall = Describe(method);
                }

                continue;
            }

            Assembly assembly = method.Module.Assembly;
            if (!seenCode)
            {
                seenCode = true;
                blockingAssembly = assembly;
            }

            // Without the handler's metadata, the outermost code frame is taken as where the request entered the application.
            outermostCode = assembly;
            if (kept.Count < maxFrames)
            {
                kept.Add(Describe(method));
            }
        }

        // No application or library frame at all (framework code waiting on behalf of the request): show the framework
        // frames nearest the wait instead, so the report still says where.
        return new CallSite(
            seenCode ? blockingCall : frameworkOnly.Count > 0 ? frameworkOnly[0] : blockingCall,
            seenCode ? kept : frameworkOnly,
            blockingAssembly?.GetName().Name,
            Classify(blockingAssembly, handlerAssembly ?? outermostCode));
    }

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
        if (method.DeclaringType is not { } type)
        {
            // Dynamic methods: the framework's generated request delegates.
            return true;
        }

        Assembly assembly = type.Assembly;
        string? ns = type.Namespace;
        return assembly == s_detector
            || assembly == s_offload
            || (ns is not null && (ns == "System" || ns.StartsWith("System.", StringComparison.Ordinal) || ns.StartsWith("Microsoft.", StringComparison.Ordinal)));
    }

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
