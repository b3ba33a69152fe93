using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Reflection;
using System.Runtime.CompilerServices;
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
        MethodBase? blocking = null;
        MethodBase? taskWait = null;
        bool inTaskWait = true;
        bool generatedFirst = false;
        MethodBase? firstCode = null;
        Assembly? outermostCode = null;
        foreach (MethodBase method in methods)
        {
            if (IsEventPlumbing(method))
            {
                continue;
            }

            bool pastTheWait = generatedFirst || firstCode is not null;
            if (method.DeclaringType is null)
            {
                // Generated code (the compiled expressions behind request delegates and MVC's action executors): the
                // handler and what it calls may have been inlined into it, so the wait ends here. Code further out
                // (middleware) called the pipeline; it did not make the wait.
                generatedFirst |= firstCode is null;
                continue;
            }

            if (IsFramework(method))
            {
                if (!pastTheWait)
                {
                    // The outermost framework frame before the wait's caller is the call that blocked.
                    blocking = method;

                    // The task library's own frames, innermost, up to the first frame of other code.
                    inTaskWait &= IsTaskLibrary(method);
                    if (inTaskWait)
                    {
                        taskWait = method;
                    }

                    if (nearestWait.Count < maxFrames)
                    {
                        nearestWait.Add(Describe(method));
                    }
                }

                continue;
            }

            if (generatedFirst)
            {
                continue;
            }

            firstCode ??= method;

            // Without the handler's metadata, the outermost code frame is taken as where the request entered the application.
            outermostCode = method.Module.Assembly;
            if (kept.Count < maxFrames)
            {
                kept.Add(Describe(method));
            }
        }

        if (firstCode is not null)
        {
            Assembly blockingAssembly = firstCode.Module.Assembly;
            OwnWait own = blocking is not null && IsTaskLibrary(blocking) ? OwnWait.Of(firstCode) : OwnWait.Unknown;
            return new CallSite(
                own.Single is { } written ? Describe(written) : NameOf(blocking),
                kept,
                blockingAssembly.GetName().Name,
                own.None ? CallSiteOrigin.Inlined : Classify(blockingAssembly, handlerAssembly ?? outermostCode));
        }

        // The handler, and what it called, inlined into generated code: the endpoint names the handler, and the frames
        // further out vary between requests, so the call site is the generated code alone (one report per site).
        if (generatedFirst)
        {
            return new CallSite(NameOf(blocking), [GeneratedCode], null, CallSiteOrigin.Unknown);
        }

        // No caller at all (framework code waiting on behalf of the request): the outermost framework frame is the
        // thread's start, so name the task library's entry point instead, and show the frames nearest the wait.
        return new CallSite(NameOf(taskWait ?? blocking), nearestWait, null, CallSiteOrigin.Unknown);
    }

    /// <summary>How a frame of generated code is shown: its name (<c>lambda_method93</c>) differs between copies of one delegate.</summary>
    internal const string GeneratedCode = "(generated code)";

    private static string NameOf(MethodBase? blockingFrame) => blockingFrame is null ? "(unknown)" : BlockingCallName.Public(Describe(blockingFrame));

    private static CallSiteOrigin Classify(Assembly? blocking, Assembly? application) =>
        blocking is null ? CallSiteOrigin.Unknown
        : blocking == application || blocking == Assembly.GetEntryAssembly() ? CallSiteOrigin.Application
        : CallSiteOrigin.Library;

    public override string ToString() => Frames.Count == 0 ? BlockingCall : $"{BlockingCall} called from {string.Join(" <- ", Frames)}";

    private static readonly Assembly s_detector = typeof(CallSite).Assembly;

    // Per assembly, as long as it is loaded: GetName() builds a new AssemblyName on every call, and a stack has dozens of
    // frames from a few assemblies.
    private static readonly ConditionalWeakTable<Assembly, StrongBox<bool>> s_framework = new();

    private static bool IsFramework(MethodBase method) =>
        s_framework.GetValue(method.Module.Assembly, static a => new StrongBox<bool>(FrameClassifier.IsFramework(a.GetName().Name))).Value;

    internal static bool IsTaskLibrary(MethodBase method) =>
        method.DeclaringType?.Namespace is "System.Threading.Tasks" or "System.Runtime.CompilerServices";

    // The frames between the wait and the detector: the event source's dispatch and the task library's event methods.
    private static bool IsEventPlumbing(MethodBase method) =>
        method.DeclaringType is { } type
        && (type.Assembly == s_detector
            || type.Namespace == "System.Diagnostics.Tracing"
            || type.Name == "TplEventSource");

    // "Namespace.Type.Method"; an async method's MoveNext is shown as the method the developer wrote, a member of a
    // constructed generic type as the definition's (as a stack frame shows it).
    private static string Describe(MethodBase method)
    {
        Type? type = method.DeclaringType is { IsConstructedGenericType: true } constructed ? constructed.GetGenericTypeDefinition() : method.DeclaringType;
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
