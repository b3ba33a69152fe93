using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Blocking;

/// <summary>One blocking call found in code: which rule it breaks, how to name it and what to do instead.</summary>
internal sealed class BlockingCall
{
    public BlockingCall(DiagnosticDescriptor rule, IOperation operation, string call, string instead)
    {
        Rule = rule;
        Operation = operation;
        Call = call;
        Instead = instead;
    }

    public DiagnosticDescriptor Rule { get; }

    /// <summary>The invocation or property reference that blocks: where the diagnostic goes.</summary>
    public IOperation Operation { get; }

    /// <summary>"Thread.Sleep", "Task.Result", "File.ReadAllText".</summary>
    public string Call { get; }

    /// <summary>"await Task.Delay", "await File.ReadAllTextAsync".</summary>
    public string Instead { get; }

    /// <summary>The symbol whose call blocks (a method, or a property's getter), for exclusion by configuration.</summary>
    public ISymbol? Api => Operation switch
    {
        Microsoft.CodeAnalysis.Operations.IInvocationOperation invocation => invocation.TargetMethod.OriginalDefinition,
        Microsoft.CodeAnalysis.Operations.IPropertyReferenceOperation property => property.Property.GetMethod?.OriginalDefinition,
        _ => null,
    };
}
