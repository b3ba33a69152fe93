using System;
using System.Collections.Generic;
using System.Linq;
using BurstAnalyzers.Attach.Analysis;
using BurstAnalyzers.BuildTasks.LibraryScan;

namespace BurstAnalyzers.Attach.Advice;

/// <summary>
/// What to do about one call site. In the application's own code: the analyzer rule that reports the call and its fix
/// (the analyzer is then missing from that project, or the code is not seen as a handler). In a library: offload the
/// endpoint or use the library's async API, and the <c>.editorconfig</c> line that makes the analyzer report every call
/// of the library method the application calls (BURST006) — the loop from run time back to build time.
/// </summary>
/// <param name="Owner">"application", "library" or "framework".</param>
/// <param name="Assembly">The assembly of the innermost code frame (where the wait was made), if any.</param>
/// <param name="Rule">The analyzer rule that reports the call, if any.</param>
/// <param name="LibraryMethod">For a library: the library method the application calls.</param>
/// <param name="EditorConfigLine">For a library method whose documentation id could be read: the line to add.</param>
/// <param name="Text">The advice, in one paragraph.</param>
internal sealed record SiteAdvice(string Owner, string? Assembly, string? Rule, string? LibraryMethod, string? EditorConfigLine, string Text)
{
    public const string OptionKey = "burst_analyzers.additional_blocking_apis";

    public static SiteAdvice For(CallSite site, string? applicationAssembly)
    {
        Frame[] code = site.CodeFrames.Where(f => f.IsCode).ToArray();
        string? rule = WaitKinds.Rule(site.Kind);
        if (code.Length == 0)
        {
            return new SiteAdvice("framework", null, rule, null, null,
                $"No application or library frame: the framework itself blocked a pool thread in {site.BlockingCall} "
                + (site.CodeFrames.Any(f => f.IsGenerated)
                    ? "called from the request delegate, into which the JIT inlined the handler (a Release build): look at the endpoints below; "
                    : "; ")
                + WaitKinds.Fix(site.Kind) + ".");
        }

        // Without the entry assembly's name, the outermost code frame stands for the application.
        string application = applicationAssembly ?? code[^1].Assembly;
        Frame innermost = code[0];
        if (string.Equals(innermost.Assembly, application, StringComparison.OrdinalIgnoreCase))
        {
            string analyzer = rule is null
                ? "No analyzer rule reports it"
                : $"The analyzer reports this call in a handler as {rule}: if it did not, the project lacks the BurstAnalyzers package or the method is not seen as a handler (burst_analyzers.handler_* options)";
            return new SiteAdvice("application", innermost.Assembly, rule, null, null,
                $"In your code, {innermost.Method} ({WaitKinds.Describe(site.Kind)} in {site.BlockingCall}). {analyzer}. Fix: {WaitKinds.Fix(site.Kind)}.");
        }

        // The library method the application calls: the outermost of the library frames next to the wait.
        Frame entry = innermost;
        foreach (Frame frame in code)
        {
            if (string.Equals(frame.Assembly, application, StringComparison.OrdinalIgnoreCase))
            {
                break;
            }

            entry = frame;
        }

        string? id = DocumentationIds.Method(entry.ModulePath, entry.MethodToken);
        string name = entry.Method[(entry.Method.LastIndexOf('.') + 1)..];
        bool hasAsync = DocumentationIds.TypeDeclares(entry.ModulePath, entry.MethodToken, name + "Async");
        string line = id is null ? "" : $"{OptionKey} = {id}";
        string text =
            $"Inside {entry.Assembly}: {entry.Method} blocks ({WaitKinds.Describe(site.Kind)} in {site.BlockingCall}"
            + (innermost == entry ? "" : $", reached through {innermost.Method}") + "). The analyzer cannot see into a compiled library. "
            + "Put [OffloadBlocking] on the endpoints below (BurstAnalyzers.Offload) so the call runs on dedicated threads"
            + (hasAsync ? $", or call {name}Async, the library's async API, and await it." : ", or use an async API of the library if it has one.")
            + (id is null
                ? " (The method's documentation id could not be read from its assembly, so no .editorconfig line is given.)"
                : $" To have the analyzer report every call of it in a request handler at build time (BURST006, with the offload fix), add to .editorconfig under [*.cs]: {line}");
        return new SiteAdvice("library", innermost.Assembly, "BURST006", entry.Method, id is null ? null : line, text);
    }
}
