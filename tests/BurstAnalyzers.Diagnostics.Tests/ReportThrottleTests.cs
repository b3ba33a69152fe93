using System;
using BurstAnalyzers.Diagnostics.Reporting;
using Xunit;

namespace BurstAnalyzers.Diagnostics.Tests;

/// <summary>One report per key and interval; past MaxTrackedSites keys the least recently seen one is forgotten, not all.</summary>
public sealed class ReportThrottleTests
{
    [Fact]
    public void PastTheLimit_TheLeastRecentlySeenKeyIsForgotten_AndTheOthersStayDeduplicated()
    {
        var throttle = new ReportThrottle(TimeSpan.FromMinutes(30), maxKeys: 2);

        Assert.True(throttle.Allow("a", out _));
        Assert.True(throttle.Allow("b", out _));
        Assert.False(throttle.Allow("a", out _)); // a seen again: b is now the least recent

        Assert.True(throttle.Allow("c", out _));  // full: b is forgotten
        Assert.Equal(2, throttle.Count);
        Assert.False(throttle.Allow("a", out _)); // still remembered, still held back
        Assert.False(throttle.Allow("c", out _));
        Assert.True(throttle.Allow("b", out int heldBack)); // forgotten, so reported again, as new
        Assert.Equal(0, heldBack);
    }

    [Fact]
    public void AfterTheInterval_AKeyIsReportedAgain_WithWhatWasHeldBack()
    {
        var throttle = new ReportThrottle(TimeSpan.FromMilliseconds(50), maxKeys: 10);

        Assert.True(throttle.Allow("a", out _));
        Assert.False(throttle.Allow("a", out _));
        Assert.False(throttle.Allow("a", out _));
        System.Threading.Thread.Sleep(80);

        Assert.True(throttle.Allow("a", out int heldBack));
        Assert.Equal(2, heldBack);
    }
}
