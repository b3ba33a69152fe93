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
    private CallSite(string blockingCall, IReadOnlyList<string> frames, string? blockingAssembly, bool inLibrary)
    {
        BlockingCall = blockingCall;
        Frames = frames;
        BlockingAssembly = blockingAssembly;
        InLibrary = inLibrary;
        Key = blockingCall + " <- " + string.Join(" <- ", frames);
    }

    public string BlockingCall { get; }

    public IReadOnlyList<string> Frames { get; }

    /// <summary>The assembly whose code made the blocking call.</summary>
    public string? BlockingAssembly { get; }

    /// <summary>
    /// True when the blocking call is made in another assembly than the one the request entered (the handler's):
    /// code the application cannot change, or the analyzer cannot see.
    /// </summary>
    public bool InLibrary { get; }

    public string Key { get; }

    public static CallSite From(StackTrace stack, int maxFrames)
    {
        StackFrame[] frames = stack.GetFrames();
        var kept = new List<string>(maxFrames);
        string blockingCall = "(unknown)";
        Assembly? blockingAssembly = null;
        Assembly? handlerAssembly = null;
        bool seenCode = false;
        foreach (StackFrame frame in frames)
        {
            if (frame.GetMethod() is not { } method)
            {
                continue;
            }

            if (IsFramework(method))
            {
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

            // The outermost code frame is where the request entered the application: its handler.
            handlerAssembly = assembly;
            if (kept.Count < maxFrames)
            {
                kept.Add(Describe(method));
            }
        }

        return new CallSite(
            blockingCall,
            kept,
            blockingAssembly?.GetName().Name,
            blockingAssembly is not null && handlerAssembly is not null && blockingAssembly != handlerAssembly);
    }

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
