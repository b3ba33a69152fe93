using System;
using System.Collections.Generic;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// The statements every kind of handler starts with: some ordinary work, the planted blocking call if any, then the
/// call to the service, whose result is left in a local named "result".
/// </summary>
internal static class HandlerBody
{
    public static readonly string[] AspNetCoreUsings =
    {
        "System", "System.Collections.Generic", "System.Globalization", "System.IO", "System.Linq", "System.Net.Http",
        "System.Text", "System.Threading", "System.Threading.Tasks", "Microsoft.AspNetCore.Builder",
        "Microsoft.AspNetCore.Http", "Microsoft.AspNetCore.Mvc", "Microsoft.AspNetCore.Routing",
        "Microsoft.Extensions.Logging",
    };

    /// <summary>Writes the statements; returns true when they await something.</summary>
    public static bool Write(SourceWriter w, Random random, HandlerPlan handler, string serviceReceiver, string entity, string fileClass = "File")
    {
        var n = OrdinarySnippets.WriteSome(w, random, handler.Parameter, 1, entity, 0, 2);
        if (handler.Blocking is { } blocking)
        {
            BlockingSnippets.Write(w, blocking, handler.Parameter, n, fileClass);
        }

        w.Line($"var result = {CallRenderer.Call(handler.CallStyle, serviceReceiver, handler.Service, handler.Parameter)};");
        if (handler.IsAsync && !CallRenderer.Awaits(handler.CallStyle))
        {
            w.Line("await Task.Yield();");
        }

        return CallRenderer.Awaits(handler.CallStyle);
    }

    public static SupportMembers SupportFor(IEnumerable<HandlerPlan> handlers, BlockingKind? extra = null)
    {
        var support = extra is { } kind ? SupportMemberWriter.For(kind) : SupportMembers.None;
        foreach (var handler in handlers)
        {
            if (handler.Blocking is { } blocking)
            {
                support |= SupportMemberWriter.For(blocking);
            }
        }

        return support;
    }

    /// <summary>The result type of a handler: a DTO or a list of them.</summary>
    public static string ResultType(HandlerPlan handler, ModuleNames names)
        => handler.Shape == Shape.Single ? names.Dto : "List<" + names.Dto + ">";

    public static string Route(HandlerPlan handler)
    {
        var segment = handler.BaseName.Substring(handler.BaseName.StartsWith("Get", StringComparison.Ordinal) ? 3 : 4).ToLowerInvariant();
        return handler.Shape == Shape.Single ? "{id:int}/" + segment : "page/{page:int}/" + segment;
    }
}
