using System.Collections.Immutable;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// How a fixer's diagnostics lead to the blocking calls to rewrite: for the direct rules it is the call the diagnostic
/// points at; for a call chain (BURST005) it is the call at the far end of the chain, in another method, and with it
/// the other blocking calls the handler's call reaches.
/// </summary>
internal interface ICallsToAwait
{
    /// <summary>
    /// The calls to rewrite for one diagnostic. The first is the one the diagnostic names: without it there is no fix.
    /// The others are converted along with it where they can be. Empty when the diagnostic names none this fix knows.
    /// </summary>
    Task<ImmutableArray<CallToAwait>> FindAsync(Diagnostic diagnostic, Solution solution, CancellationToken cancellationToken);
}
