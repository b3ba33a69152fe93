using System;
using System.Diagnostics;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Shared;
using Xunit.Sdk;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;

/// <summary>Waits for a condition that becomes true shortly after a response (a thread going idle after publishing).</summary>
internal static class Eventually
{
    public static async Task TrueAsync(Func<bool> condition, int timeoutMs = 5000)
    {
        var stopwatch = Stopwatch.StartNew();
        while (!condition())
        {
            if (stopwatch.ElapsedMilliseconds > timeoutMs)
            {
                throw new XunitException($"The condition did not become true within {timeoutMs} ms.");
            }

            await Task.Delay(10);
        }
    }
}
