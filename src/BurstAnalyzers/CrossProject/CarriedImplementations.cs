using System;
using System.Collections.Immutable;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.FactsFiles;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CrossProject;

/// <summary>
/// A call through another project's interface or virtual member that runs an implementation in a third project: the
/// common project declares <c>IRepository&lt;T&gt;</c>, the data project implements it over EF Core, and the web
/// project, which references both and registers the binding, calls the interface. Neither library's build sees the
/// whole way; this compilation does, and the implementation's build carries what it does (<see cref="CarriedChains"/>).
/// The implementations are those <see cref="CallTargets.InOtherProjects"/> finds, dependency injection deciding.
/// </summary>
internal sealed class CarriedImplementations
{
    private const string Dispatch = " \u21D2 ";

    private readonly CarriedChains _carried;
    private readonly CallTargets _targets;

    public CarriedImplementations(CarriedChains carried, CallTargets targets)
    {
        _carried = carried;
        _targets = targets;
    }

    /// <summary>
    /// The chain a call to <paramref name="definition"/> runs into: its own project's answer, else, through an
    /// interface or virtual call, the first implementation in another project whose build carries one, shown as
    /// "[Shop.Common] IRepository.Save ⇒ [Shop.Data] EfRepository.Save → DbContext.SaveChanges".
    /// <paramref name="implementation"/> is the method whose chain it is (for its other blocking calls).
    /// </summary>
    public CarriedChain? ChainOf(IMethodSymbol definition, bool virtualCall, BurstConfiguration configuration, out IMethodSymbol implementation)
    {
        implementation = definition;
        if (!_targets.RegistrationsDecide(definition, virtualCall) && _carried.Of(definition, configuration) is { } own)
        {
            return own;
        }

        foreach (var target in _targets.InOtherProjects(definition, virtualCall))
        {
            if (_carried.Of(target, configuration) is { } chain)
            {
                implementation = target;
                var text = Named(definition) + Dispatch + WithPlace(chain.Text, _targets.RegisteredIn(definition, target));
                return new CarriedChain(chain.MethodId, chain.Rule, chain.Depth + 1, text, chain.Path, chain.Span);
            }
        }

        return null;
    }

    /// <summary>
    /// How a call to <paramref name="definition"/> names the EF Core query it returns: "[Shop.Data] OrderRepository.Open"
    /// when its own project's build says it returns one, "[Shop.Common] IRepository.All ⇒ [Shop.Data] EfRepository.All"
    /// when, through an interface or virtual call, an implementation in another project does; null otherwise.
    /// </summary>
    public string? QueryFrom(IMethodSymbol definition, bool virtualCall, BurstConfiguration configuration)
    {
        if (!_targets.RegistrationsDecide(definition, virtualCall) && _carried.ReturnsQuery(definition, configuration))
        {
            return Named(definition);
        }

        var returning = ReturningQuery(definition, virtualCall, configuration);
        return returning.IsEmpty ? null : Named(definition) + Dispatch + Named(returning[0], _targets.RegisteredIn(definition, returning[0]));
    }

    /// <summary>The implementations of <paramref name="definition"/> in the other projects this one references whose
    /// builds say they return an EF Core query (and the options do not exclude), in <see cref="CallTargets.InOtherProjects"/>'s order.</summary>
    public ImmutableArray<IMethodSymbol> ReturningQuery(IMethodSymbol definition, bool virtualCall, BurstConfiguration configuration)
    {
        ImmutableArray<IMethodSymbol>.Builder? found = null;
        foreach (var target in _targets.InOtherProjects(definition, virtualCall))
        {
            if (_carried.ReturnsQuery(target, configuration))
            {
                (found ??= ImmutableArray.CreateBuilder<IMethodSymbol>()).Add(target);
            }
        }

        return found?.ToImmutable() ?? ImmutableArray<IMethodSymbol>.Empty;
    }

    private static string Named(IMethodSymbol method, string? place = null) => "[" + method.ContainingAssembly.Name + "] " + MethodNames.Of(method, place);

    /// <summary>A carried chain's text with the registration that sent the call to its first method after that method:
    /// "[Shop.Data] EfRepository.Save (registered in Program.cs) → DbContext.SaveChanges".</summary>
    public static string WithPlace(string chain, string? place)
    {
        if (place is null)
        {
            return chain;
        }

        var firstStep = chain.IndexOf(" \u2192 ", StringComparison.Ordinal);
        return firstStep < 0 ? chain + MethodNames.RegisteredIn(place) : chain.Insert(firstStep, MethodNames.RegisteredIn(place));
    }
}
