using System;
using System.Threading;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Infrastructure;

/// <summary>Waits for a condition that another thread makes true, with a generous deadline.</summary>
internal static class Eventually
{
    public static readonly TimeSpan Deadline = TimeSpan.FromSeconds(15);

    public static void True(Func<bool> condition, string what) =>
        Assert.True(SpinWait.SpinUntil(condition, Deadline), $"Not true within {Deadline.TotalSeconds} s: {what}.");
}
