using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;

namespace BurstAnalyzers.Diagnostics.Reporting;

/// <summary>
/// The methods a method's IL calls (see <see cref="OwnWait"/>). Null when the IL cannot be read, for any reason: a
/// callee in an assembly that is not deployed, a malformed body, a method without one.
/// </summary>
internal static class DirectCalls
{
    private static readonly OpCode[] s_oneByte = new OpCode[0x100];
    private static readonly OpCode[] s_twoByte = new OpCode[0x100];

    static DirectCalls()
    {
        foreach (FieldInfo field in typeof(OpCodes).GetFields(BindingFlags.Public | BindingFlags.Static))
        {
            if (field.GetValue(null) is OpCode code)
            {
                ushort value = unchecked((ushort)code.Value);
                if (code.Size == 1)
                {
                    s_oneByte[value] = code;
                }
                else
                {
                    s_twoByte[value & 0xFF] = code;
                }
            }
        }
    }

    public static List<MethodBase>? Of(MethodBase method)
    {
        try
        {
            if (method.GetMethodBody()?.GetILAsByteArray() is not { } il)
            {
                return null;
            }

            Type[]? typeArguments = method.DeclaringType is { IsGenericType: true } type ? type.GetGenericArguments() : null;
            Type[]? methodArguments = method.IsGenericMethod ? method.GetGenericArguments() : null;
            var callees = new List<MethodBase>();
            int at = 0;
            while (at < il.Length)
            {
                OpCode code = il[at] == 0xFE && at + 1 < il.Length ? s_twoByte[il[++at]] : s_oneByte[il[at]];
                at++;
                if (code.OperandType == OperandType.InlineMethod && (code == OpCodes.Call || code == OpCodes.Callvirt))
                {
                    int token = BitConverter.ToInt32(il, at);
                    if (method.Module.ResolveMethod(token, typeArguments, methodArguments) is { } callee)
                    {
                        callees.Add(callee);
                    }
                }

                int size = OperandSize(code, il, at);
                if (size < 0 || size > il.Length - at)
                {
                    return null;
                }

                at += size;
            }

            return callees;
        }
        catch (Exception)
        {
            // Reading IL resolves tokens, which may load assemblies: whatever fails, the report goes without it.
            return null;
        }
    }

    private static int OperandSize(OpCode code, byte[] il, int at) => code.OperandType switch
    {
        OperandType.InlineNone => 0,
        OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar => 1,
        OperandType.InlineVar => 2,
        OperandType.InlineI8 or OperandType.InlineR => 8,
        OperandType.InlineSwitch when at + 4 <= il.Length && BitConverter.ToInt32(il, at) is var targets && targets >= 0 && targets <= (il.Length - at - 4) / 4
            => 4 + (4 * targets),
        OperandType.InlineSwitch => -1,
        _ => 4,
    };
}
