using System.Collections.Generic;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.FactsFiles;
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
    private readonly CarriedImplementations _implementations;

    public OpenCallClosing(CarriedChains carried, CallTargets targets, CarriedImplementations implementations)
    {
        _carried = carried;
        _targets = targets;
        _implementations = implementations;
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
            else if (item.Kind != OpenKind.Call && member is not null
                && _implementations.ReturningQuery(member, virtualCall: true, configuration) is { IsEmpty: false } implementations)
            {
                // An enumeration of what the member returns, implemented in another project this one references.
                var through = new CarriedVia(item.Text, item.Depth, assembly, here, item.Location, returned);
                sinks.Add(new QuerySink(syntax, enumeration, new QuerySource(member, implementations, inOtherProject: false), through));
            }
            else
            {
                var via = new CarriedVia(item.Text, item.Depth, assembly, here, item.Location);
                unclosed?.Add(new OpenCall(syntax, returned ? OpenKind.Sink : item.Kind, target: null, item.TargetId, enumeration, via, item.Construction));
            }
        }
    }
}
