using System;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// Methods a framework finds by name and calls expecting <c>void</c>, with no call in the source to follow: ASP.NET
/// Core's Startup class (<c>Configure</c>, <c>Configure{Environment}Services</c>...) and classic ASP.NET's
/// Global.asax events (<c>Application_Start</c>, <c>Session_End</c>...). Made to return a Task, the framework would
/// start the work and never wait for it; the fix declines instead.
/// </summary>
internal static class ConventionMethods
{
    public static bool RequireVoid(IMethodSymbol method)
        => (method.ContainingType.Name.StartsWith("Startup", StringComparison.Ordinal) && method.Name.StartsWith("Configure", StringComparison.Ordinal))
            || ((method.Name.StartsWith("Application_", StringComparison.Ordinal) || method.Name.StartsWith("Session_", StringComparison.Ordinal))
                && DerivesFromHttpApplication(method.ContainingType));

    private static bool DerivesFromHttpApplication(INamedTypeSymbol type)
    {
        for (var current = type.BaseType; current is not null; current = current.BaseType)
        {
            if (current is { Name: "HttpApplication", ContainingNamespace: { Name: "Web", ContainingNamespace.Name: "System" } })
            {
                return true;
            }
        }

        return false;
    }
}
