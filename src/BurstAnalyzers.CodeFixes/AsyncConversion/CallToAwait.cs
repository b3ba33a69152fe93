using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>The blocking call a diagnostic asks to fix, where it is written, and how it becomes awaitable.</summary>
internal readonly struct CallToAwait
{
    public CallToAwait(Location location, IAsyncRewrite rewrite)
    {
        Location = location;
        Rewrite = rewrite;
    }

    public Location Location { get; }

    public IAsyncRewrite Rewrite { get; }
}
