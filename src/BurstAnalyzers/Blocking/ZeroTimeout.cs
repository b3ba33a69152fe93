using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// A wait with a zero timeout — Wait(0), WaitOne(0), Wait(TimeSpan.Zero), Join(0) — is a non-blocking try, not a
/// blocking wait.
/// </summary>
internal static class ZeroTimeout
{
    public static bool IsTry(IInvocationOperation invocation, CoreLibraryTypes types)
    {
        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter is not { } parameter || !IsTimeoutParameter(parameter))
            {
                continue;
            }

            var value = IOperationExtensions.Unwrap(argument.Value);
            if (value?.ConstantValue is { HasValue: true, Value: 0 })
            {
                return true;
            }

            if (value is IFieldReferenceOperation { Field: { Name: "Zero", IsStatic: true } field } && CoreLibraryTypes.Is(field.ContainingType, types.TimeSpan))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>timeout, millisecondsTimeout, or Process.WaitForExit's "milliseconds".</summary>
    public static bool IsTimeoutParameter(IParameterSymbol parameter)
        => parameter.Name.Contains("imeout") || parameter.Name == "milliseconds";
}
