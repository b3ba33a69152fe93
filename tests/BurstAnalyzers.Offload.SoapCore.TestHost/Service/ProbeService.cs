using System;
using System.Globalization;
using System.ServiceModel;
using System.Threading;
using System.Threading.Tasks;

namespace BurstAnalyzers.Offload.SoapCore.TestHost;

/// <summary>The implementation: every operation sleeps as asked and reports where it ran.</summary>
public sealed class ProbeService(OffloadScheduler scheduler) : IProbeService
{
    public ThreadReport Plain(int sleepMs) => Run(sleepMs);

    public ThreadReport MarkedOnContract(int sleepMs) => Run(sleepMs);

    [OffloadBlocking]
    public ThreadReport MarkedOnImplementation(int sleepMs) => Run(sleepMs);

    [OffloadBlocking]
    ThreadReport IProbeService.MarkedOnExplicitImplementation(int sleepMs) => Run(sleepMs);

    [OffloadBlocking]
    public async Task<ThreadReport> MarkedAsync(int sleepMs)
    {
        ThreadReport report = Run(sleepMs);
        await Task.Yield();
        return report;
    }

    public string FailOffloaded(string kind) => Fail(kind);

    public string FailPlain(string kind) => Fail(kind);

    private static string Fail(string kind) => kind switch
    {
        "typed" => throw new FaultException<ProbeFault>(new ProbeFault { Reason = "typed", Code = 42 }, new FaultReason("a typed fault"), new FaultCode("ProbeFault"), "urn:burst-tests/fault"),
        "fault" => throw new FaultException(new FaultReason("a plain fault"), new FaultCode("Sender"), "urn:burst-tests/plain"),
        "exception" => throw new InvalidOperationException("not a fault"),
        _ => kind,
    };

    private ThreadReport Run(int sleepMs)
    {
        if (sleepMs > 0)
        {
            Thread.Sleep(sleepMs);
        }

        return new ThreadReport
        {
            OnOffloadThread = scheduler.IsOffloadThread,
            OnThreadPool = Thread.CurrentThread.IsThreadPoolThread,
            FlowedMarker = RequestFlow.Marker.Value,
            Culture = CultureInfo.CurrentCulture.Name,
        };
    }
}
