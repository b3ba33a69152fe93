using System;
using System.Collections.Concurrent;
using System.Reflection;

namespace BurstAnalyzers.Offload.SoapCore;

/// <summary>
/// Which operations run offloaded: [OffloadBlocking] on the contract method SoapCore dispatches to, on the service
/// class's method that implements it (found through the interface map, so explicit implementations count), or on the
/// service class. Reflection runs once per (service type, method); every later call is a dictionary lookup.
/// </summary>
internal static class OffloadedOperations
{
    private static readonly ConcurrentDictionary<(Type Service, MethodInfo Method), bool> s_marked = new();

    public static bool IsMarked(Type serviceType, MethodInfo method) =>
        s_marked.GetOrAdd((serviceType, method), static key => Inspect(key.Service, key.Method));

    private static bool Inspect(Type serviceType, MethodInfo method)
    {
        if (IsMarked(method) || serviceType.IsDefined(typeof(OffloadBlockingAttribute), inherit: true))
        {
            return true;
        }

        MethodInfo? implementation = Implementation(serviceType, method);
        return implementation is not null
            && (IsMarked(implementation)
                || (implementation.DeclaringType?.IsDefined(typeof(OffloadBlockingAttribute), inherit: true) ?? false));
    }

    private static bool IsMarked(MethodInfo method) => method.IsDefined(typeof(OffloadBlockingAttribute), inherit: true);

    /// <summary>The service's method that runs for <paramref name="method"/>: itself, or its implementation of a contract method.</summary>
    private static MethodInfo? Implementation(Type serviceType, MethodInfo method)
    {
        Type? contract = method.DeclaringType;
        if (contract is null || !contract.IsInterface || serviceType.IsInterface || !contract.IsAssignableFrom(serviceType))
        {
            return null;
        }

        InterfaceMapping map = serviceType.GetInterfaceMap(contract);
        for (int i = 0; i < map.InterfaceMethods.Length; i++)
        {
            if (map.InterfaceMethods[i] == method)
            {
                return map.TargetMethods[i];
            }
        }

        return null;
    }
}
