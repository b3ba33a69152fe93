using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>Small helpers over operation trees.</summary>
internal static class OperationShapes
{
    /// <summary>The operation without implicit and explicit conversions and parentheses around it.</summary>
    public static IOperation? Unwrap(IOperation? operation)
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
                default:
                    return operation;
            }
        }
    }

    /// <summary>The receiver of an instance call, or the first argument of an extension method call.</summary>
    public static IOperation? Receiver(IInvocationOperation invocation)
    {
        if (invocation.Instance is { } instance)
        {
            return Unwrap(instance);
        }

        return invocation.TargetMethod.IsExtensionMethod && invocation.Arguments.Length > 0
            ? Unwrap(invocation.Arguments[0].Value)
            : null;
    }

    public static string TypeAndMember(ISymbol member)
        => member.ContainingType is { } type ? type.Name + "." + member.Name : member.Name;
}
