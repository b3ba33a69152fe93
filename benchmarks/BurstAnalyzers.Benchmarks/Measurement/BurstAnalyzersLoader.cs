using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>
/// Every analyzer in the BurstAnalyzers assembly, found by reflection rather than named, so rules added or renamed
/// later are measured without touching the benchmark.
/// </summary>
internal static class BurstAnalyzersLoader
{
    public const string AssemblyName = "BurstAnalyzers";

    public static AnalyzerSet Load()
    {
        var assembly = Assembly.Load(new AssemblyName(AssemblyName));
        var analyzers = new List<DiagnosticAnalyzer>();
        foreach (var type in LoadableTypes(assembly))
        {
            if (!type.IsAbstract && typeof(DiagnosticAnalyzer).IsAssignableFrom(type) && !type.ContainsGenericParameters)
            {
                analyzers.Add((DiagnosticAnalyzer)Activator.CreateInstance(type, nonPublic: true)!);
            }
        }

        if (analyzers.Count == 0)
        {
            throw new InvalidOperationException($"No DiagnosticAnalyzer types found in {assembly.Location}.");
        }

        analyzers.Sort((a, b) => string.CompareOrdinal(a.GetType().FullName, b.GetType().FullName));
        var version = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion
            ?? assembly.GetName().Version?.ToString();
        var origin = $"{assembly.GetName().Name} {version} ({analyzers.Count} analyzers: "
            + string.Join(", ", analyzers.Select(AnalyzerSet.NameOf)) + ")";
        return new AnalyzerSet("BurstAnalyzers", origin, analyzers.ToImmutableArray(), compilation => compilation);
    }

    private static IEnumerable<Type> LoadableTypes(Assembly assembly)
    {
        try
        {
            return assembly.GetTypes();
        }
        catch (ReflectionTypeLoadException e)
        {
            var reasons = string.Join("; ", e.LoaderExceptions.Where(x => x is not null).Select(x => x!.Message).Distinct());
            throw new InvalidOperationException($"Some types of {assembly.GetName().Name} cannot be loaded: {reasons}", e);
        }
    }
}
