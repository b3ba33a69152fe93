using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.CallGraph;

/// <summary>Which accessors of a property a reference to it runs.</summary>
internal static class PropertyAccess
{
    /// <summary>
    /// <c>x.P = v</c> (and object initializers, deconstruction) runs the setter; <c>x.P += v</c>, <c>x.P ??= v</c> and
    /// <c>x.P++</c> both accessors; any other use the getter. (Inside <c>nameof</c>, nothing runs: callers check
    /// <see cref="Internals.IOperationExtensions.IsInNameOf"/> or skip nameof operations while walking.)
    /// </summary>
    public static PropertyAccessors Of(IPropertyReferenceOperation reference)
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
            return PropertyAccessors.Get | PropertyAccessors.Set;
        }

        if (parent is IAssignmentOperation assignment && assignment.Target == child)
        {
            return parent is ICompoundAssignmentOperation or ICoalesceAssignmentOperation
                ? PropertyAccessors.Get | PropertyAccessors.Set
                : PropertyAccessors.Set;
        }

        return PropertyAccessors.Get;
    }
}
