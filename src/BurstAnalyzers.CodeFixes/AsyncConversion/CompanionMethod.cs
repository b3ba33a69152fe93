using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// A method a conversion adds beside a synchronous one it leaves in place: the async interface a filter class takes has
/// two methods (IAsyncPageFilter), and only one of the synchronous pair was converted. The added method calls the
/// synchronous one (<see cref="FilterAsyncForms"/>). Not added when the same fix converts the synchronous one too.
/// </summary>
internal sealed class CompanionMethod
{
    public CompanionMethod(MethodDeclarationSyntax synchronous, MethodDeclarationSyntax added)
    {
        Synchronous = synchronous;
        Added = added;
    }

    /// <summary>The synchronous method the added one calls; the added one goes right after it.</summary>
    public MethodDeclarationSyntax Synchronous { get; }

    public MethodDeclarationSyntax Added { get; }
}
