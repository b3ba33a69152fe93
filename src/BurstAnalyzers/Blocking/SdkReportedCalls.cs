using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// Blocking calls the .NET SDK's own analyzers already report at the same line, where they run: a second warning on
/// that line adds nothing. <c>Html.Partial</c> and <c>Html.RenderPartial</c> (sync over <c>PartialAsync</c>) are
/// MVC1000's, which the Web SDK runs in every ASP.NET Core project unless <c>DisableImplicitAspNetCoreAnalyzers</c>
/// is set; the package's build file says whether it runs (<see cref="BuildProperties.MvcAnalyzers"/>). Without the
/// SDK's analyzer (a Razor class library, the analyzers switched off) these calls are reported like any other.
/// Only the direct report defers: a chain from a handler to a helper that calls <c>Html.Partial</c> ends at a line
/// MVC1000 reports, but starts at one it does not.
/// </summary>
internal sealed class SdkReportedCalls
{
    private readonly INamedTypeSymbol? _partialExtensions;

    private SdkReportedCalls(INamedTypeSymbol? partialExtensions) => _partialExtensions = partialExtensions;

    /// <summary>The calls of <paramref name="compilation"/> reported by the SDK's analyzers in this build; null when
    /// none are.</summary>
    public static SdkReportedCalls? For(Compilation compilation, AnalyzerConfigOptions global)
        => BuildProperties.Is(global, BuildProperties.MvcAnalyzers, "true")
            && WellKnownTypes.For(compilation).Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcRenderingHtmlHelperPartialExtensions) is { } partial
            ? new SdkReportedCalls(partial)
            : null;

    /// <summary>Whether the SDK reports <paramref name="call"/> at its own line (MVC1000).</summary>
    public bool Reports(BlockingCall call)
        => call.Operation is IInvocationOperation { TargetMethod: { Name: "Partial" or "RenderPartial" } method }
            && CoreLibraryTypes.Is((method.ReducedFrom ?? method).ContainingType, _partialExtensions);
}
