using System;
using System.Collections.Concurrent;
using System.Reflection;
using System.Threading.Tasks;
using Microsoft.AspNetCore.SignalR;

namespace BurstAnalyzers.Offload;

/// <summary>
/// A global SignalR hub filter (registered by <c>AddBurstOffload</c>) that runs hub methods marked with
/// <see cref="OffloadBlockingAttribute"/>, on the method or the hub class, on an offload thread. Other methods pass
/// straight through.
/// </summary>
internal sealed class OffloadBlockingHubFilter(OffloadScheduler scheduler) : IHubFilter
{
    // Reflection once per hub method, not per invocation.
    private static readonly ConcurrentDictionary<(Type Hub, MethodInfo Method), bool> s_marked = new();

    public ValueTask<object?> InvokeMethodAsync(
        HubInvocationContext invocationContext,
        Func<HubInvocationContext, ValueTask<object?>> next)
    {
        ArgumentNullException.ThrowIfNull(invocationContext);
        ArgumentNullException.ThrowIfNull(next);
        return IsMarked(invocationContext.Hub.GetType(), invocationContext.HubMethod)
            ? OffloadAsync(invocationContext, next)
            : next(invocationContext);
    }

    private static bool IsMarked(Type hub, MethodInfo method) =>
        s_marked.GetOrAdd((hub, method), static key =>
            key.Method.IsDefined(typeof(OffloadBlockingAttribute), inherit: true)
            || key.Hub.IsDefined(typeof(OffloadBlockingAttribute), inherit: true));

    private async ValueTask<object?> OffloadAsync(
        HubInvocationContext invocationContext,
        Func<HubInvocationContext, ValueTask<object?>> next)
    {
        ValueTask<object?> invoked;
        try
        {
            invoked = await scheduler.RunAsync(() => next(invocationContext), invocationContext.Context.ConnectionAborted).ConfigureAwait(false);
        }
        catch (OffloadQueueFullException rejected)
        {
            // Only a HubException's message reaches the caller; the connection stays open.
            throw new HubException($"The server is busy: {invocationContext.HubMethodName} was not run; retry in {rejected.RetryAfter.TotalSeconds:0} s.", rejected);
        }

        return await invoked.ConfigureAwait(false);
    }
}
