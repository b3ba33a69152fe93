using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Internals;

/// <summary>Operation-tree helpers shared by the analyzers and the fixes.</summary>
internal static class IOperationExtensions
{
    /// <summary>The operation without implicit and explicit conversions and parentheses around it.</summary>
    public static IOperation? Unwrap(this IOperation? operation) => Unwrap(operation, throughDelegateCreation: false);

    /// <summary>What a delegate value is made from: as <see cref="Unwrap(IOperation?)"/>, and through the delegate
    /// creation too (to a lambda or a method reference).</summary>
    public static IOperation? UnwrapDelegate(this IOperation? operation) => Unwrap(operation, throughDelegateCreation: true);

    /// <summary>The expression as written: without the implicit conversions and parentheses around it, but with an
    /// explicit cast or <c>as</c>, whose type is the one the compiler binds against.</summary>
    public static IOperation? UnwrapImplicit(this IOperation? operation) => UnwrapConversions(operation, static conversion => conversion.IsImplicit);

    /// <summary>The same object as the value: without the parentheses and the conversions that keep it (reference,
    /// boxing, identity), but not through a user-defined conversion operator, which makes another.</summary>
    public static IOperation? UnwrapToSameObject(this IOperation? operation) => UnwrapConversions(operation, static conversion => conversion.OperatorMethod is null);

    /// <summary>The receiver of an instance call, or the first argument of an extension method call.</summary>
    public static IOperation? Receiver(this IInvocationOperation invocation)
    {
        if (invocation.Instance is { } instance)
        {
            return Unwrap(instance);
        }

        return invocation.TargetMethod.IsExtensionMethod && invocation.Arguments.Length > 0
            ? Unwrap(invocation.Arguments[0].Value)
            : null;
    }

    /// <summary>Inside <c>nameof(...)</c>: nothing there runs.</summary>
    public static bool IsInNameOf(this IOperation operation)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is INameOfOperation)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Without the parentheses and the conversions <paramref name="through"/> accepts around the value.</summary>
    private static IOperation? UnwrapConversions(IOperation? operation, System.Func<IConversionOperation, bool> through)
    {
        while (true)
        {
            switch (operation)
            {
                case IConversionOperation conversion when through(conversion):
                    operation = conversion.Operand;
                    break;
                case IParenthesizedOperation parenthesized:
                    operation = parenthesized.Operand;
                    break;
                default:
                    return operation;
            }
        }
    }

    private static IOperation? Unwrap(IOperation? operation, bool throughDelegateCreation)
    {
        while (true)
        {
            switch (operation)
            {
                case IConversionOperation conversion:
                    operation = conversion.Operand;
                    break;
                case IParenthesizedOperation parenthesized:
                    operation = parenthesized.Operand;
                    break;
                case IDelegateCreationOperation creation when throughDelegateCreation:
                    operation = creation.Target;
                    break;
                default:
                    return operation;
            }
        }
    }
}
