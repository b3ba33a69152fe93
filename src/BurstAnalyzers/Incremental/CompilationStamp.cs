using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Incremental;

/// <summary>
/// Everything of a compilation but its method bodies: its assembly name, the declarations of its trees (path, parse
/// options and declarations, in order: <see cref="DeclarationSet"/>) and its references and options (the reference
/// set, <see cref="ReferencedTypes"/>: kept per options object, so a rebuilt reference or new options make a new one).
/// What is bound from declarations alone (a callee's facts beside its body, what a registration call names) is the
/// same in every compilation with the same stamp, so it can be kept across keystrokes under it. Never the options' own
/// hash: the command-line compiler's reference resolver does not implement <c>GetHashCode</c>.
/// </summary>
internal static class CompilationStamp
{
    public static DeclarationFingerprint Of(Compilation compilation)
        => DeclarationFingerprint.Start()
            .Add(compilation.AssemblyName ?? string.Empty)
            .Add(DeclarationSet.Of(compilation).Fingerprint)
            .Add(ReferencedTypes.For(compilation).Id);
}
