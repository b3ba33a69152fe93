using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;

namespace BurstAnalyzers.BuildTasks.LibraryScan;

/// <summary>
/// The <c>SemaphoreSlim</c> fields of an assembly that are used as a mutex: every value the field is given is a
/// <c>new SemaphoreSlim(1)</c> or <c>new SemaphoreSlim(1, 1)</c>, and its type (or a closure or state machine nested in
/// it) releases it. A wait on such a field waits only while another thread holds it, like <c>Monitor.Enter</c> (which the
/// scan does not count): it blocks when contended (docs/library-facts.md, Conditions), and for as long as the holder
/// holds it. A semaphore created with another count (a signal, a pool of N) or never released by its type is not one,
/// nor is a wait on a semaphore the method did not load from a field (a local, a parameter): their waits stay
/// unconditional.
/// </summary>
internal sealed class MutexWaits
{
    private readonly LibraryAssembly _assembly;
    private readonly MetadataReader _metadata;
    private readonly Dictionary<int, bool> _isSemaphoreField = new();
    private readonly Dictionary<int, bool> _isMutex = new();

    public MutexWaits(LibraryAssembly assembly)
    {
        _assembly = assembly;
        _metadata = assembly.Metadata;
    }

    /// <summary>Whether the field an <c>ldfld</c>/<c>ldsfld</c> names (by token) holds a <c>SemaphoreSlim</c>.</summary>
    public bool IsSemaphoreField(int token)
    {
        if (!_isSemaphoreField.TryGetValue(token, out var result))
        {
            _isSemaphoreField[token] = result = IsSemaphoreTyped(MetadataTokens.EntityHandle(token));
        }

        return result;
    }

    /// <summary>Whether a call (by token) leaves the semaphore last loaded on the stack for a call after it: a call
    /// that computes the wait's timeout or cancellation token (<c>TimeSpan.FromSeconds</c>,
    /// <c>CancellationTokenSource.Token</c>). Any other call takes it, or means it is not the receiver of the next one.</summary>
    public bool KeepsReceiver(int token)
    {
        var parent = ParentTypeName(MetadataTokens.EntityHandle(token));
        return parent is "System.TimeSpan" or "System.Threading.CancellationToken" or "System.Threading.CancellationTokenSource";
    }

    /// <summary>Whether the <c>SemaphoreSlim</c> field (by token) is a mutex: see the type's summary.</summary>
    public bool IsMutex(int token)
    {
        if (!_isMutex.TryGetValue(token, out var result))
        {
            try
            {
                result = IsMutexUncached(MetadataTokens.EntityHandle(token));
            }
            catch (Exception exception) when (exception is BadImageFormatException or ArgumentException or InvalidOperationException)
            {
                result = false; // a damaged body or token: no mutex, the waits stay unconditional
            }

            _isMutex[token] = result;
        }

        return result;
    }

    private bool IsMutexUncached(EntityHandle handle)
    {
        if (handle.Kind != HandleKind.FieldDefinition)
        {
            return false; // a field of another assembly, or of a generic type's instance: its stores are not all here
        }

        var field = _metadata.GetFieldDefinition((FieldDefinitionHandle)handle);
        var access = field.Attributes & FieldAttributes.FieldAccessMask;
        if (access != FieldAttributes.Private && (field.Attributes & FieldAttributes.InitOnly) == 0)
        {
            return false; // other types may store another semaphore in it
        }

        var token = MetadataTokens.GetToken(handle);
        var stores = 0;
        var released = false;
        var pending = new Stack<TypeDefinitionHandle>();
        pending.Push(field.GetDeclaringType());
        while (pending.Count > 0)
        {
            var type = _metadata.GetTypeDefinition(pending.Pop());
            foreach (var nested in type.GetNestedTypes())
            {
                pending.Push(nested); // its lambdas' closures and its async methods' state machines
            }

            foreach (var methodHandle in type.GetMethods())
            {
                var body = _assembly.BodyOf(_metadata.GetMethodDefinition(methodHandle));
                if (body is null)
                {
                    continue;
                }

                var instructions = MissGuards.Decode(body);
                var joins = MissGuards.BranchTargets(instructions);
                for (var i = 0; i < instructions.Count; i++)
                {
                    var instruction = instructions[i];
                    if (instruction.Op is ILOpCode.Ldflda or ILOpCode.Ldsflda && instruction.Token == token)
                    {
                        return false; // by reference (Interlocked.Exchange, LazyInitializer, out): stores not seen here
                    }

                    if (instruction.Op is ILOpCode.Stfld or ILOpCode.Stsfld && instruction.Token == token)
                    {
                        if (!CreatesMutex(instructions, i - 1, joins))
                        {
                            return false;
                        }

                        stores++;
                    }
                    else if (instruction.Op is ILOpCode.Call or ILOpCode.Callvirt
                        && IsSemaphoreMember(instruction.Token, "Release")
                        && LoadsFieldBefore(instructions, i, token))
                    {
                        released = true;
                    }
                }
            }
        }

        return stores > 0 && released;
    }

    /// <summary>Whether the instruction at <paramref name="i"/> constructs a <c>SemaphoreSlim</c> with an initial count
    /// of 1 and, where given, a maximum of 1: <c>ldc.i4.1 [ldc.i4.1] newobj SemaphoreSlim::.ctor</c>, stored at once.
    /// A branch arriving inside that sequence (<c>gate ?? new SemaphoreSlim(1, 1)</c>, <c>new SemaphoreSlim(open ? 1 : 0, 1)</c>)
    /// means another value may be stored: not a mutex.</summary>
    private bool CreatesMutex(List<MissGuards.Instruction> instructions, int i, HashSet<int> joins)
    {
        if (i < 1 || instructions[i].Op != ILOpCode.Newobj || !IsSemaphoreMember(instructions[i].Token, ".ctor")
            || joins.Contains(instructions[i].Offset) || joins.Contains(instructions[i + 1].Offset))
        {
            return false;
        }

        var arguments = ParameterCount(MetadataTokens.EntityHandle(instructions[i].Token));
        if (arguments is not (1 or 2) || i < arguments)
        {
            return false;
        }

        for (var k = 1; k <= arguments; k++)
        {
            if (instructions[i - k].Op != ILOpCode.Ldc_i4_1 || joins.Contains(instructions[i - k].Offset))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Whether the semaphore a <c>Release</c> at <paramref name="i"/> releases is the field: loaded just before
    /// the call, or before its count (<c>Release(1)</c>).</summary>
    private static bool LoadsFieldBefore(List<MissGuards.Instruction> instructions, int i, int token)
    {
        for (var k = i - 1; k >= 0 && k >= i - 2; k--)
        {
            if (instructions[k].Op is ILOpCode.Ldfld or ILOpCode.Ldsfld)
            {
                return instructions[k].Token == token;
            }
        }

        return false;
    }

    private bool IsSemaphoreMember(int token, string name)
    {
        var handle = MetadataTokens.EntityHandle(token);
        return handle.Kind == HandleKind.MemberReference
            && _metadata.StringComparer.Equals(_metadata.GetMemberReference((MemberReferenceHandle)handle).Name, name)
            && ParentTypeName(handle) == "System.Threading.SemaphoreSlim";
    }

    private int ParameterCount(EntityHandle handle)
    {
        if (handle.Kind != HandleKind.MemberReference)
        {
            return -1;
        }

        var signature = _metadata.GetBlobReader(_metadata.GetMemberReference((MemberReferenceHandle)handle).Signature);
        var header = signature.ReadSignatureHeader();
        if (header.IsGeneric)
        {
            signature.ReadCompressedInteger();
        }

        return signature.ReadCompressedInteger();
    }

    /// <summary>The full name of the type a member reference (a call's or a field's) belongs to, when it is a plain type
    /// reference; null otherwise.</summary>
    private string? ParentTypeName(EntityHandle member)
    {
        if (member.Kind == HandleKind.MethodSpecification)
        {
            member = _metadata.GetMethodSpecification((MethodSpecificationHandle)member).Method;
        }

        if (member.Kind != HandleKind.MemberReference)
        {
            return null;
        }

        var parent = _metadata.GetMemberReference((MemberReferenceHandle)member).Parent;
        return parent.Kind == HandleKind.TypeReference ? TypeReferenceName((TypeReferenceHandle)parent) : null;
    }

    private string TypeReferenceName(TypeReferenceHandle handle)
    {
        var reference = _metadata.GetTypeReference(handle);
        return _metadata.GetString(reference.Namespace) + "." + _metadata.GetString(reference.Name);
    }

    private bool IsSemaphoreTyped(EntityHandle field)
    {
        if (!FieldSignatures.TryReadElement(_metadata, field, out var element, out var signature))
        {
            return false;
        }

        // A class (0x12) named by a type reference.
        return element == 0x12 && signature.ReadTypeHandle() is { Kind: HandleKind.TypeReference } type
            && TypeReferenceName((TypeReferenceHandle)type) == "System.Threading.SemaphoreSlim";
    }
}
