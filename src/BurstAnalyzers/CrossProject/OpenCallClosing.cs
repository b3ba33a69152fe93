using System.Collections.Generic;
using System.Collections.Immutable;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CrossProject;

/// <summary>
/// Closes the open calls of another project's method (<see cref="OpenItem"/>) in the compilation that sees an
/// implementation of the member they call: a call becomes a call into this compilation's implementations that comes
/// back through the other project (<see cref="CarriedVia"/>), an enumeration of what the member returns becomes a query
/// sink over them. One answer for a method's facts and for a handler's own call.
/// </summary>
internal sealed class OpenCallClosing
{
    private readonly CarriedChains _carried;
    private readonly CallTargets _targets;

    public OpenCallClosing(CarriedChains carried, CallTargets targets)
    {
        _carried = carried;
        _targets = targets;
    }

    /// <summary>
    /// The open calls of <paramref name="definition"/>, another project's method called at <paramref name="syntax"/>:
    /// those of kind <see cref="OpenKind.Call"/> and <see cref="OpenKind.Sink"/> when it is called, of kind
    /// <see cref="OpenKind.Returns"/> when what it returns is enumerated here (by <paramref name="sink"/>). Closed ones go
    /// to <paramref name="calls"/> and <paramref name="sinks"/>; the others, when <paramref name="unclosed"/> is given,
    /// there, to be carried on.
    /// </summary>
    public void Close(
        IMethodSymbol definition,
        SyntaxNode syntax,
        BurstConfiguration configuration,
        string? sink,
        List<SourceCall> calls,
        List<QuerySink> sinks,
        List<OpenCall>? unclosed)
    {
        if (_targets.IsInSource(definition))
        {
            return;
        }

        var assembly = definition.ContainingAssembly.Name;
        var here = _targets.SourceAssembly.Name;
        foreach (var item in _carried.OpenCallsOf(definition, configuration))
        {
            var returned = item.Kind == OpenKind.Returns;
            if ((sink is not null) != returned)
            {
                continue;
            }

            var enumeration = returned ? sink! : item.Sink;
            var member = _carried.Resolve(item.TargetId);
            if (member is not null && _targets.RunsHere(member, virtualCall: true))
            {
                var implementations = _targets.Of(member, virtualCall: true);
                if (item.Kind == OpenKind.Call)
                {
                    var through = new CarriedVia(item.Text + " \u2192 " + MethodNames.Of(member), item.Depth, assembly, here, item.Location);
                    calls.Add(new SourceCall(syntax, implementations, member, virtualCall: true, through));
                }
                else
                {
                    var through = new CarriedVia(item.Text, item.Depth, assembly, here, item.Location, returned);
                    sinks.Add(new QuerySink(syntax, enumeration, new QuerySource(member, implementations, inOtherProject: false), through));
                }
            }
            else if (item.Kind != OpenKind.Call && member is not null && ElsewhereReturningQuery(member, configuration) is { } implementations)
            {
                // An enumeration of what the member returns, implemented in another project this one references.
                var through = new CarriedVia(item.Text, item.Depth, assembly, here, item.Location, returned);
                sinks.Add(new QuerySink(syntax, enumeration, new QuerySource(member, implementations, inOtherProject: false), through));
            }
            else
            {
                var via = new CarriedVia(item.Text, item.Depth, assembly, here, item.Location);
                unclosed?.Add(new OpenCall(syntax, returned ? OpenKind.Sink : item.Kind, target: null, item.TargetId, enumeration, via));
            }
        }
    }

    /// <summary>The implementations of <paramref name="member"/> in the other projects this one references whose builds
    /// say they return an EF Core query (and the options do not exclude); null when none does.</summary>
    private ImmutableArray<IMethodSymbol>? ElsewhereReturningQuery(IMethodSymbol member, BurstConfiguration configuration)
    {
        ImmutableArray<IMethodSymbol>.Builder? found = null;
        foreach (var implementation in _targets.InOtherProjects(member, virtualCall: true))
        {
            if (_carried.ReturnsQuery(implementation, configuration))
            {
                (found ??= ImmutableArray.CreateBuilder<IMethodSymbol>()).Add(implementation);
            }
        }

        return found?.ToImmutable();
    }
}
