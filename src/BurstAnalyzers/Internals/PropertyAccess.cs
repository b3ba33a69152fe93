using System;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Internals;

/// <summary>
/// Which accessors of a property a reference to it runs. <c>x.P = v</c> (and object initializers, deconstruction) runs
/// the setter; <c>x.P += v</c>, <c>x.P ??= v</c> and <c>x.P++</c> both accessors; any other use the getter. (Inside
/// <c>nameof</c>, nothing runs: callers check <see cref="IOperationExtensions.IsInNameOf"/> or skip nameof operations
/// while walking.)
/// </summary>
internal static class PropertyAccess
{
    public static bool RunsGetter(IPropertyReferenceOperation reference) => (Of(reference) & Accessors.Get) != 0;

    public static bool RunsSetter(IPropertyReferenceOperation reference) => (Of(reference) & Accessors.Set) != 0;

    private static Accessors Of(IPropertyReferenceOperation reference)
    {
        IOperation child = reference;
        var parent = reference.Parent;

        // (x.A, x.B) = ...: the tuple is the deconstruction's target.
        while (parent is ITupleOperation)
        {
            child = parent;
            parent = parent.Parent;
        }

        if (parent is IIncrementOrDecrementOperation)
        {
            return Accessors.Get | Accessors.Set;
        }

        if (parent is IAssignmentOperation assignment && assignment.Target == child)
        {
            return parent is ICompoundAssignmentOperation or ICoalesceAssignmentOperation
                ? Accessors.Get | Accessors.Set
                : Accessors.Set;
        }

        return Accessors.Get;
    }

    [Flags]
    private enum Accessors
    {
        Get = 1,
        Set = 2,
    }
}
