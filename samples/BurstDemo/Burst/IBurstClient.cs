namespace BurstDemo.Burst;

/// <summary>One simulated client of a burst: ready before the release (connection or channel set up), then one call.</summary>
internal interface IBurstClient : IDisposable
{
    /// <summary>Sends the scenario's request synchronously on the calling thread and records how it went.</summary>
    RequestRecord Send();
}
