using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;

namespace BurstAnalyzers.BuildTasks.LibraryScan;

/// <summary>
/// The instructions of a body that run only on a first call or a cache miss: those reached only through the branch a
/// lookup takes when it misses (<c>TryGetValue</c>, any <c>TryGet…</c>, <c>ContainsKey</c> returning false) or a field
/// test takes when the field is still null or false, in a body that assigns that field (<c>_x ??= Load()</c>,
/// <c>if (_x == null) _x = Load();</c>). A blocking call there blocks on that condition only
/// (docs/library-facts.md, Conditions). And the instructions that run only once a time has passed: the branch a
/// comparison of the clock (<c>DateTime.UtcNow</c>, <c>DateTimeOffset.UtcNow</c>, their <c>Now</c>) with another
/// date takes when the clock is past it (<c>if (DateTime.UtcNow &gt;= _expiresAt) Refresh();</c>,
/// <c>if (_expiresAt &gt; now) return _token;</c>), outside a loop (a loop on the clock waits for a deadline): a refresh.
/// Only these guards: a branch on anything else (a flag, a buffer's free space) says nothing the scan can name, and a
/// test of every branch does not tell conditional members from the others.
/// </summary>
internal static class MissGuards
{
    /// <summary>The offsets of a body's instructions that run only on a miss (<see cref="Miss"/>), and those that run only
    /// on a miss or once a compared time has passed, and not on a miss alone (<see cref="Refresh"/>).</summary>
    public sealed class Guarded
    {
        public Guarded(HashSet<int>? miss, HashSet<int>? refresh)
        {
            Miss = miss;
            Refresh = refresh;
        }

        public HashSet<int>? Miss { get; }

        public HashSet<int>? Refresh { get; }
    }

    /// <summary>The offsets of the instructions of <paramref name="body"/> reached only through a miss; null when it
    /// has no such guard. Asked only where <see cref="Candidates"/> saw one may be there. <paramref name="hoisting"/>: the body is a method of a
    /// compiler-generated type (a state machine, a closure), whose own fields are the method's locals and parameters
    /// (Dapper's <c>if (reader == null)</c> in an iterator), not state kept from one call to the next.</summary>
    public static Guarded? Of(MetadataReader metadata, MethodBodyBlock body, bool hoisting)
    {
        var instructions = Decode(body);
        List<(int From, int To)>? missEdges = null;
        List<(int From, int To)>? refreshEdges = null;
        for (var i = 0; i < instructions.Count; i++)
        {
            var op = instructions[i].Op;
            var onFalse = op is ILOpCode.Brfalse or ILOpCode.Brfalse_s;
            if (!onFalse && op is not (ILOpCode.Brtrue or ILOpCode.Brtrue_s) || i == 0)
            {
                continue;
            }

            var tested = instructions[i - 1].Op == ILOpCode.Dup && i > 1 ? i - 2 : i - 1;
            if (IsLookup(metadata, instructions[tested])
                || (IsLazyField(metadata, instructions, instructions[tested]) && !(hoisting && tested > 0 && instructions[tested - 1].Op == ILOpCode.Ldarg_0)))
            {
                // A false or null value takes brfalse's target, and falls through brtrue.
                var miss = onFalse ? instructions[i].Targets![0] : (i + 1 < instructions.Count ? instructions[i + 1].Offset : -1);
                (missEdges ??= new List<(int, int)>()).Add((instructions[i].Offset, miss));
            }
            else if (tested == i - 1 && ExpiredWhen(metadata, instructions, i - 1) is { } expiredWhenTrue && !InLoop(instructions, i))
            {
                // The outcome that says the clock is past the compared time: brtrue's target when it is true.
                var fallThrough = i + 1 < instructions.Count ? instructions[i + 1].Offset : -1;
                var expired = expiredWhenTrue != onFalse ? instructions[i].Targets![0] : fallThrough;
                (refreshEdges ??= new List<(int, int)>()).Add((instructions[i].Offset, expired));
            }
        }

        if (missEdges is null && refreshEdges is null)
        {
            return null;
        }

        var onMiss = missEdges is null ? null : Unreached(instructions, body, missEdges);
        HashSet<int>? onRefresh = null;
        if (refreshEdges is not null)
        {
            // Behind a miss or an expiry (`if (_token != null && DateTime.UtcNow < _expiresAt) return _token;`): a refresh.
            onRefresh = Unreached(instructions, body, missEdges is null ? refreshEdges : new List<(int, int)>(missEdges.Concat(refreshEdges)));
            if (onMiss is not null)
            {
                onRefresh.ExceptWith(onMiss);
            }
        }

        return new Guarded(onMiss, onRefresh);
    }

    /// <summary>For a comparison of two dates at <paramref name="call"/> (<c>op_GreaterThan</c>, <c>op_LessThan</c>,
    /// <c>op_GreaterThanOrEqual</c>, <c>op_LessThanOrEqual</c> of <c>DateTime</c> or <c>DateTimeOffset</c>) one of whose
    /// operands is the clock: whether a true result says the clock is past the other (null: not such a comparison, or
    /// its operands are not read plainly enough to tell which is the clock).</summary>
    private static bool? ExpiredWhen(MetadataReader metadata, List<Instruction> instructions, int call)
    {
        if (ComparisonOf(metadata, instructions[call]) is not { } clockAfterWhenTrue || call < 2)
        {
            return null;
        }

        // clockAfterWhenTrue: true when the first operand is the later one (op_GreaterThan, op_GreaterThanOrEqual).
        var second = call - 1;
        if (IsClock(metadata, instructions, second))
        {
            return !clockAfterWhenTrue; // `_expiresAt > now`: true while fresh; `_expiresAt < now`: true once expired
        }

        var length = OperandLength(instructions, second);
        if (length == 0 || second - length < 0)
        {
            return null;
        }

        return IsClock(metadata, instructions, second - length) ? clockAfterWhenTrue : null;
    }

    /// <summary>How many instructions push the operand that ends at <paramref name="last"/>: a local, a static field, an
    /// argument or a call without arguments (1), an instance field of <c>this</c>, an argument or a local (2); 0 when
    /// the scan does not tell.</summary>
    private static int OperandLength(List<Instruction> instructions, int last)
    {
        var op = instructions[last].Op;
        if (LocalOf(instructions[last]) >= 0 && !IsStore(op) || op is ILOpCode.Ldsfld or ILOpCode.Ldarg_0 or ILOpCode.Ldarg_1
            or ILOpCode.Ldarg_2 or ILOpCode.Ldarg_3 or ILOpCode.Ldarg_s or ILOpCode.Ldarg)
        {
            return 1;
        }

        if (op == ILOpCode.Ldfld && last > 0)
        {
            var before = instructions[last - 1].Op;
            return before is ILOpCode.Ldarg_0 or ILOpCode.Ldarg_1 or ILOpCode.Ldarg_2 or ILOpCode.Ldarg_3 or ILOpCode.Ldarg_s
                || LocalOf(instructions[last - 1]) >= 0 && !IsStore(before) ? 2 : 0;
        }

        return 0;
    }

    /// <summary>Whether the instruction at <paramref name="i"/> pushes the clock: a read of <c>DateTime.UtcNow</c>,
    /// <c>DateTime.Now</c> or <c>DateTimeOffset</c>'s, or a local every store of which is one.</summary>
    private static bool IsClock(MetadataReader metadata, List<Instruction> instructions, int i)
    {
        if (ReadsClock(metadata, instructions[i]))
        {
            return true;
        }

        var local = LocalOf(instructions[i]);
        if (local < 0 || IsStore(instructions[i].Op))
        {
            return false;
        }

        var stores = 0;
        for (var k = 0; k < instructions.Count; k++)
        {
            if (IsStore(instructions[k].Op) && LocalOf(instructions[k]) == local)
            {
                if (k == 0 || !ReadsClock(metadata, instructions[k - 1]))
                {
                    return false;
                }

                stores++;
            }
        }

        return stores > 0;
    }

    private static bool ReadsClock(MetadataReader metadata, Instruction instruction)
        => instruction.Op == ILOpCode.Call && MemberOf(metadata, instruction.Token) is { } member
            && member.Type is "System.DateTime" or "System.DateTimeOffset" && member.Name is "get_UtcNow" or "get_Now";

    /// <summary>For a date comparison operator: whether it is true when its first operand is the later one; null for
    /// any other instruction.</summary>
    private static bool? ComparisonOf(MetadataReader metadata, Instruction instruction)
    {
        if (instruction.Op != ILOpCode.Call || MemberOf(metadata, instruction.Token) is not { } member
            || member.Type is not ("System.DateTime" or "System.DateTimeOffset"))
        {
            return null;
        }

        return member.Name switch
        {
            "op_GreaterThan" or "op_GreaterThanOrEqual" => true,
            "op_LessThan" or "op_LessThanOrEqual" => false,
            _ => null,
        };
    }

    /// <summary>The declaring type's full name and the member's name of a member reference (by token), or null.</summary>
    private static (string Type, string Name)? MemberOf(MetadataReader metadata, int token)
    {
        var handle = MetadataTokens.EntityHandle(token);
        if (handle.Kind != HandleKind.MemberReference)
        {
            return null;
        }

        var reference = metadata.GetMemberReference((MemberReferenceHandle)handle);
        if (reference.Parent.Kind != HandleKind.TypeReference)
        {
            return null;
        }

        var type = metadata.GetTypeReference((TypeReferenceHandle)reference.Parent);
        return (metadata.GetString(type.Namespace) + "." + metadata.GetString(type.Name), metadata.GetString(reference.Name));
    }

    /// <summary>The local an <c>ldloc</c>/<c>stloc</c> names, or -1.</summary>
    private static int LocalOf(Instruction instruction) => instruction.Op switch
    {
        ILOpCode.Ldloc_0 or ILOpCode.Stloc_0 => 0,
        ILOpCode.Ldloc_1 or ILOpCode.Stloc_1 => 1,
        ILOpCode.Ldloc_2 or ILOpCode.Stloc_2 => 2,
        ILOpCode.Ldloc_3 or ILOpCode.Stloc_3 => 3,
        ILOpCode.Ldloc_s or ILOpCode.Stloc_s or ILOpCode.Ldloc or ILOpCode.Stloc => instruction.Token,
        _ => -1,
    };

    private static bool IsStore(ILOpCode op) => op is ILOpCode.Stloc_0 or ILOpCode.Stloc_1 or ILOpCode.Stloc_2 or ILOpCode.Stloc_3
        or ILOpCode.Stloc_s or ILOpCode.Stloc;

    /// <summary>Whether the branch at <paramref name="i"/> can run again after it runs: a loop's test (waiting for a
    /// deadline), not a test made once per call.</summary>
    private static bool InLoop(List<Instruction> instructions, int i)
    {
        var index = new Dictionary<int, int>(instructions.Count);
        for (var k = 0; k < instructions.Count; k++)
        {
            index[instructions[k].Offset] = k;
        }

        var seen = new bool[instructions.Count];
        var pending = new Stack<int>();
        void Push(int offset)
        {
            if (index.TryGetValue(offset, out var k) && !seen[k])
            {
                seen[k] = true;
                pending.Push(k);
            }
        }

        foreach (var target in instructions[i].Targets!)
        {
            Push(target);
        }

        if (i + 1 < instructions.Count)
        {
            Push(instructions[i + 1].Offset);
        }

        while (pending.Count > 0)
        {
            var k = pending.Pop();
            if (k == i)
            {
                return true;
            }

            if (!EndsFlow(instructions[k].Op) && k + 1 < instructions.Count)
            {
                Push(instructions[k + 1].Offset);
            }

            if (instructions[k].Targets is { } targets)
            {
                foreach (var target in targets)
                {
                    Push(target);
                }
            }
        }

        return false;
    }

    /// <summary>Watches the scan's own pass over a body (<see cref="Observe"/> for each instruction, in order) for a
    /// branch on a lookup or on a field the body also stores: most bodies have neither, and only a body that has one is
    /// decoded again for its guards. Allocates nothing until it meets a field test.</summary>
    public struct Candidates
    {
        private ILOpCode _previous;
        private int _previousToken;
        private ILOpCode _beforePrevious;
        private int _beforePreviousToken;
        private bool _lookup;
        private List<int>? _tested;
        private List<int>? _stored;

        /// <summary>One instruction: its opcode, and its metadata token where it is a call or a field access (0 otherwise).</summary>
        public void Observe(MetadataReader metadata, ILOpCode op, int token)
        {
            switch (op)
            {
                case ILOpCode.Stfld or ILOpCode.Stsfld:
                    (_stored ??= new List<int>()).Add(token);
                    break;
                case ILOpCode.Brtrue or ILOpCode.Brtrue_s or ILOpCode.Brfalse or ILOpCode.Brfalse_s when !_lookup:
                    var (producer, producerToken) = _previous == ILOpCode.Dup ? (_beforePrevious, _beforePreviousToken) : (_previous, _previousToken);
                    if (producer is ILOpCode.Call or ILOpCode.Callvirt)
                    {
                        var call = new Instruction(0, producer, producerToken, null);
                        _lookup = IsLookup(metadata, call) || ComparisonOf(metadata, call) is not null;
                    }
                    else if (producer is ILOpCode.Ldfld or ILOpCode.Ldsfld)
                    {
                        (_tested ??= new List<int>()).Add(producerToken);
                    }

                    break;
            }

            _beforePrevious = _previous;
            _beforePreviousToken = _previousToken;
            _previous = op;
            _previousToken = token;
        }

        /// <summary>Whether the body may have a guard: <see cref="Of"/> is worth asking.</summary>
        public readonly bool Any
        {
            get
            {
                if (_lookup)
                {
                    return true;
                }

                if (_tested is not null && _stored is not null)
                {
                    foreach (var tested in _tested)
                    {
                        if (_stored.Contains(tested))
                        {
                            return true;
                        }
                    }
                }

                return false;
            }
        }
    }

    private static bool IsLookup(MetadataReader metadata, Instruction instruction)
        => instruction.Op is ILOpCode.Call or ILOpCode.Callvirt
            && NameOf(metadata, MetadataTokens.EntityHandle(instruction.Token)) is { IsNil: false } name
            && (metadata.StringComparer.Equals(name, "TryGetValue") || metadata.StringComparer.Equals(name, "ContainsKey")
                || metadata.StringComparer.Equals(name, "TryGetTarget"));

    /// <summary>A reference-typed field the body also assigns: null until built. Not a flag: a <c>_disposed</c> test
    /// before a disposal's work says nothing about a first call.</summary>
    private static bool IsLazyField(MetadataReader metadata, List<Instruction> instructions, Instruction instruction)
    {
        var store = instruction.Op switch
        {
            ILOpCode.Ldfld => ILOpCode.Stfld,
            ILOpCode.Ldsfld => ILOpCode.Stsfld,
            _ => ILOpCode.Nop,
        };
        if (store == ILOpCode.Nop || !IsReferenceTyped(metadata, MetadataTokens.EntityHandle(instruction.Token)))
        {
            return false;
        }

        foreach (var other in instructions)
        {
            if (other.Op == store && other.Token == instruction.Token)
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsReferenceTyped(MetadataReader metadata, EntityHandle field)
    {
        if (!FieldSignatures.TryReadElement(metadata, field, out var element, out var signature))
        {
            return false;
        }

        return element switch
        {
            0x0E or 0x12 or 0x14 or 0x1C or 0x1D => true, // string, class, array, object, vector
            0x15 => signature.ReadByte() == 0x12, // a generic instance of a class
            _ => false,
        };
    }

    private static StringHandle NameOf(MetadataReader metadata, EntityHandle method)
    {
        switch (method.Kind)
        {
            case HandleKind.MethodDefinition:
                return metadata.GetMethodDefinition((MethodDefinitionHandle)method).Name;
            case HandleKind.MemberReference:
                return metadata.GetMemberReference((MemberReferenceHandle)method).Name;
            case HandleKind.MethodSpecification:
                return NameOf(metadata, metadata.GetMethodSpecification((MethodSpecificationHandle)method).Method);
            default:
                return default;
        }
    }

    /// <summary>The instructions not reached from the entry (or from the handlers of the protected regions reached) when
    /// the miss edges are cut.</summary>
    private static HashSet<int> Unreached(List<Instruction> instructions, MethodBodyBlock body, List<(int From, int To)> missEdges)
    {
        var index = new Dictionary<int, int>(instructions.Count);
        for (var i = 0; i < instructions.Count; i++)
        {
            index[instructions[i].Offset] = i;
        }

        var reached = new bool[instructions.Count];
        var pending = new Stack<int>();
        void Reach(int from, int offset)
        {
            if (index.TryGetValue(offset, out var i) && !reached[i] && !missEdges.Contains((from, offset)))
            {
                reached[i] = true;
                pending.Push(i);
            }
        }

        Reach(-1, 0);
        var regions = body.ExceptionRegions;
        var entered = new bool[regions.Length];
        while (true)
        {
            while (pending.Count > 0)
            {
                var i = pending.Pop();
                var instruction = instructions[i];
                if (!EndsFlow(instruction.Op) && i + 1 < instructions.Count)
                {
                    Reach(instruction.Offset, instructions[i + 1].Offset);
                }

                if (instruction.Targets is { } targets)
                {
                    foreach (var target in targets)
                    {
                        Reach(instruction.Offset, target);
                    }
                }
            }

            // A handler runs when its protected region ran.
            var more = false;
            for (var r = 0; r < regions.Length; r++)
            {
                var region = regions[r];
                if (!entered[r] && AnyReached(instructions, reached, region.TryOffset, region.TryOffset + region.TryLength))
                {
                    entered[r] = true;
                    more = true;
                    Reach(-1, region.HandlerOffset);
                    if (region.Kind == ExceptionRegionKind.Filter)
                    {
                        Reach(-1, region.FilterOffset);
                    }
                }
            }

            if (!more)
            {
                break;
            }
        }

        var unreached = new HashSet<int>();
        for (var i = 0; i < instructions.Count; i++)
        {
            if (!reached[i])
            {
                unreached.Add(instructions[i].Offset);
            }
        }

        return unreached;
    }

    private static bool AnyReached(List<Instruction> instructions, bool[] reached, int start, int end)
    {
        for (var i = 0; i < instructions.Count; i++)
        {
            if (reached[i] && instructions[i].Offset >= start && instructions[i].Offset < end)
            {
                return true;
            }
        }

        return false;
    }

    private static bool EndsFlow(ILOpCode op)
        => op is ILOpCode.Br or ILOpCode.Br_s or ILOpCode.Leave or ILOpCode.Leave_s or ILOpCode.Ret or ILOpCode.Throw
            or ILOpCode.Rethrow or ILOpCode.Endfinally or ILOpCode.Endfilter or ILOpCode.Jmp;

    /// <summary>The offsets a branch or switch of the decoded body goes to: where flows join.</summary>
    internal static HashSet<int> BranchTargets(List<Instruction> instructions)
    {
        var targets = new HashSet<int>();
        foreach (var instruction in instructions)
        {
            if (instruction.Targets is { } offsets)
            {
                targets.UnionWith(offsets);
            }
        }

        return targets;
    }

    /// <summary>A body's instructions, with the tokens of its calls, constructions and field accesses and its branches'
    /// targets (also read by <see cref="MutexWaits"/>).</summary>
    internal static List<Instruction> Decode(MethodBodyBlock body)
    {
        var instructions = new List<Instruction>();
        var il = body.GetILReader();
        while (il.RemainingBytes > 0)
        {
            var offset = il.Offset;
            var op = LibraryScanner.ReadOpCode(ref il);
            var token = 0;
            int[]? targets = null;
            switch (op)
            {
                case ILOpCode.Switch:
                    {
                        var count = il.ReadUInt32();
                        if (count > (uint)il.RemainingBytes / 4)
                        {
                            throw new BadImageFormatException("A switch longer than its body.");
                        }

                        var relative = new int[count];
                        for (var t = 0; t < count; t++)
                        {
                            relative[t] = il.ReadInt32();
                        }

                        targets = new int[count];
                        for (var t = 0; t < count; t++)
                        {
                            targets[t] = il.Offset + relative[t];
                        }

                        break;
                    }

                case ILOpCode.Call or ILOpCode.Callvirt or ILOpCode.Newobj or ILOpCode.Ldfld or ILOpCode.Ldsfld or ILOpCode.Stfld or ILOpCode.Stsfld or ILOpCode.Ldflda or ILOpCode.Ldsflda:
                    token = il.ReadInt32();
                    break;

                case ILOpCode.Ldloc_s or ILOpCode.Stloc_s:
                    token = il.ReadByte();
                    break;

                case ILOpCode.Ldloc or ILOpCode.Stloc:
                    token = il.ReadUInt16();
                    break;

                // Read by the scan's own walk, so not in SkipOperand's table.
                case ILOpCode.Jmp or ILOpCode.Ldftn or ILOpCode.Ldvirtftn:
                    il.ReadInt32();
                    break;
                default:
                    if (op.IsBranch())
                    {
                        var relative = op.GetBranchOperandSize() == 1 ? il.ReadSByte() : il.ReadInt32();
                        targets = new[] { il.Offset + relative };
                    }
                    else
                    {
                        LibraryScanner.SkipOperand(ref il, op);
                    }

                    break;
            }

            instructions.Add(new Instruction(offset, op, token, targets));
        }

        return instructions;
    }

    internal readonly struct Instruction
    {
        public Instruction(int offset, ILOpCode op, int token, int[]? targets)
        {
            Offset = offset;
            Op = op;
            Token = token;
            Targets = targets;
        }

        public int Offset { get; }

        public ILOpCode Op { get; }

        /// <summary>A call's or a construction's method or a field instruction's field, as a metadata token; a local's
        /// index for <c>ldloc.s</c>, <c>ldloc</c>, <c>stloc.s</c> and <c>stloc</c>; 0 otherwise.</summary>
        public int Token { get; }

        /// <summary>A branch's or a switch's targets, as offsets.</summary>
        public int[]? Targets { get; }
    }
}
