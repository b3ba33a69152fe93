using System;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>Every analyzer and code fix the package ships, found by reflection: a new rule or fix joins the
/// documentation and robustness tests without any extra step.</summary>
internal static class ShippedComponents
{
    public static ImmutableArray<DiagnosticAnalyzer> Analyzers() => Create<DiagnosticAnalyzer>(typeof(BurstAnalyzers.DiagnosticIds));

    public static ImmutableArray<CodeFixProvider> Fixers() => Create<CodeFixProvider>(typeof(BurstAnalyzers.AsyncConversion.AsyncFixer));

    private static ImmutableArray<T> Create<T>(Type inAssembly)
        => inAssembly.Assembly.GetTypes()
            .Where(t => !t.IsAbstract && typeof(T).IsAssignableFrom(t))
            .Select(t => (T)Activator.CreateInstance(t)!)
            .ToImmutableArray();
}
