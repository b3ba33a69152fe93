using System.Collections.Concurrent;
using System.Reflection;
using System.Threading.Tasks;
using SoapCore;
using SoapCore.Extensibility;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Invoker;

/// <summary>An application's own invoker (logging, say): records each operation it invoked and on which kind of thread.</summary>
public sealed class RecordingInvoker(OffloadScheduler scheduler) : IOperationInvoker
{
    private readonly DefaultOperationInvoker _default = new();

    public ConcurrentQueue<(string Operation, bool OnOffloadThread)> Calls { get; } = new();

    public Task<object> InvokeAsync(MethodInfo methodInfo, object instance, object[] inputs)
    {
        Calls.Enqueue((methodInfo.Name, scheduler.IsOffloadThread));
        return _default.InvokeAsync(methodInfo, instance, inputs);
    }
}
