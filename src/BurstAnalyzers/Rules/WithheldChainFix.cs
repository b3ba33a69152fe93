using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Text;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Rules;

/// <summary>
/// BURST005's message says when the public API policy (<see cref="PublicApiPolicy"/>) withholds the chain's async fix,
/// and how to allow it. The fix list says so too (an action that sets the option), but <c>dotnet format</c> prints a
/// diagnostic's message and nothing of what a fix provider offers, so a fix it silently skips must be explained there.
/// A method of this project is judged by the policy itself, with its family (what it overrides and implements: the fix
/// changes them all); another project by the mark its generator wrote (<see cref="PublicApiPolicy.IsKeptBy"/>), since
/// its options cannot be read from here. One per compilation, asked only when a chain is reported.
/// <para>
/// What it cannot see, it does not claim, and leaves to the fix list: another project is named when it keeps its API at
/// all, though the chain may pass only its internal members (reached through <c>InternalsVisibleTo</c>) or methods
/// already returning tasks; a handler's own signature and the callers off the chain that the fix would also convert are
/// not looked at.
/// </para>
/// </summary>
internal sealed class WithheldChainFix
{
    private static readonly Func<IAssemblySymbol, bool> s_readMark = PublicApiPolicy.IsKeptBy;

    private readonly Compilation _compilation;
    private readonly AnalyzerConfigOptionsProvider _options;
    private readonly Func<bool> _referencesRequestFramework;
    private readonly Lazy<Dictionary<string, IAssemblySymbol>> _referenced;
    private readonly ConcurrentDictionary<IAssemblySymbol, bool> _keptBy = new(SymbolEqualityComparer.Default);

    public WithheldChainFix(Compilation compilation, AnalyzerConfigOptionsProvider options, Func<bool> referencesRequestFramework)
    {
        _compilation = compilation;
        _options = options;
        _referencesRequestFramework = referencesRequestFramework;
        _referenced = new Lazy<Dictionary<string, IAssemblySymbol>>(ReferencedAssemblies, System.Threading.LazyThreadSafetyMode.ExecutionAndPublication);
    }

    /// <summary>What the message adds after the chain ("; no async fix: …"), or "" when no project on the chain keeps
    /// its public API.</summary>
    public string ReasonFor(BlockingChain chain)
    {
        // Where the fix declines for another reason, allowing the change would give no fix either: not a word of it.
        // It has no rewrite for an end without an async twin (BURST006), and a property's or a constructor's hop gets only
        // the offload fix.
        if (chain.Blocking.Rule is not (DiagnosticIds.ThreadSleep or DiagnosticIds.TaskWait or DiagnosticIds.SyncIo or DiagnosticIds.PrimitiveWait))
        {
            return "";
        }

        var kept = new List<string>();
        foreach (var hop in chain.Hops)
        {
            if (hop.Method.MethodKind != MethodKind.Ordinary)
            {
                return "";
            }

            // A method already returning a task is made to await in place, its signature kept: no policy to ask.
            if (SymbolEqualityComparer.Default.Equals(hop.Method.ContainingAssembly, _compilation.Assembly) && !ReturnsTask(hop.Method))
            {
                AddKept(hop.Method, kept);
            }
        }

        foreach (var name in chain.ProjectsEntered())
        {
            if (_referenced.Value.TryGetValue(name, out var assembly) && IsKeptBy(assembly) && !kept.Contains(name))
            {
                kept.Add(name);
            }
        }

        if (kept.Count == 0)
        {
            return "";
        }

        var projects = string.Join(", ", kept);
        return new StringBuilder("; no async fix: it would change the public API of ")
            .Append(projects)
            .Append(kept.Count == 1 ? ", which keeps it" : ", which keep it")
            .Append(" (to allow it, set ")
            .Append(BurstOptionKeys.PublicApiInLibraries)
            .Append(" = ")
            .Append(PublicApiPolicy.Change)
            .Append(kept.Count == 1 ? " in its .editorconfig)" : " in their .editorconfig files)")
            .ToString();
    }

    private bool ReturnsTask(IMethodSymbol method) => method.IsAsync || CoreLibraryTypes.For(_compilation).IsTaskLike(method.ReturnType);

    /// <summary>Adds the project of each member of <paramref name="method"/>'s family the fix must keep: the method,
    /// what it overrides, the interface members it implements.</summary>
    private void AddKept(IMethodSymbol method, List<string> kept)
    {
        for (var current = method; current is not null; current = current.OverriddenMethod)
        {
            AddIfKept(current, kept);
        }

        if (method.ContainingType is not { } type)
        {
            return;
        }

        foreach (var implemented in method.ExplicitInterfaceImplementations)
        {
            AddIfKept(implemented, kept);
        }

        foreach (var @interface in type.AllInterfaces)
        {
            foreach (var member in @interface.GetMembers(method.Name))
            {
                if (member is IMethodSymbol interfaceMethod
                    && SymbolEqualityComparer.Default.Equals(type.FindImplementationForInterfaceMember(interfaceMethod), method))
                {
                    AddIfKept(interfaceMethod, kept);
                }
            }
        }
    }

    private void AddIfKept(IMethodSymbol member, List<string> kept)
    {
        var assembly = member.ContainingAssembly;
        if (assembly is null || kept.Contains(assembly.Name))
        {
            return;
        }

        var keeps = SymbolEqualityComparer.Default.Equals(assembly, _compilation.Assembly)
            ? member.DeclaringSyntaxReferences.Length > 0
                && PublicApiPolicy.MustKeep(member, _compilation, _options.GetOptions(member.DeclaringSyntaxReferences[0].SyntaxTree), _options.GlobalOptions, _referencesRequestFramework())
            : IsKeptBy(assembly);
        if (keeps)
        {
            kept.Add(assembly.Name);
        }
    }

    private bool IsKeptBy(IAssemblySymbol assembly) => _keptBy.GetOrAdd(assembly, s_readMark);

    private Dictionary<string, IAssemblySymbol> ReferencedAssemblies()
    {
        var byName = new Dictionary<string, IAssemblySymbol>(StringComparer.Ordinal);
        foreach (var reference in _compilation.References)
        {
            if (_compilation.GetAssemblyOrModuleSymbol(reference) is IAssemblySymbol assembly)
            {
                byName[assembly.Name] = assembly;
            }
        }

        return byName;
    }
}
