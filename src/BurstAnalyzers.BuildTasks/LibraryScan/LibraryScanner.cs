using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;

namespace BurstAnalyzers.BuildTasks.LibraryScan;

/// <summary>
/// Which public members of a set of library assemblies reach a blocking operation of the runtime
/// (<see cref="BlockingPrimitives"/>), read from their IL: one node per method definition of the set, edges for the calls
/// it makes (resolved across the set by documentation id, so by exact signature), for interface and virtual members to
/// their implementations and overrides in the set, for lambdas and method groups handed to a member that runs its
/// delegates in place, and for an iterator's body where its caller enumerates it. A call the library makes through
/// dispatch blocks only when every implementation in the set does (forwarders aside); the public member a caller calls is
/// judged by any of them. A breadth-first walk back from the blocking calls gives every blocking member one shortest
/// chain. docs/library-facts.md says what is followed and why.
/// Async methods are not followed (their awaits do not block; the compiler's awaiter calls in MoveNext are not waits) and
/// never reported: a member that returns a task is not blocking.
/// </summary>
internal sealed class LibraryScanner
{
    private const int NoNode = -1;

    private readonly IReadOnlyList<LibraryAssembly> _assemblies;
    private readonly Dictionary<string, int> _assemblyByName = new(StringComparer.OrdinalIgnoreCase);
    private readonly AssemblyNodes[] _nodes;
    private readonly HashSet<int>[] _closures;
    private readonly HashSet<string> _frameworkInterfacesImplemented = new(StringComparer.Ordinal);
    private readonly int _count;

    // Per node (index: AssemblyNodes.First + method row - 1).
    private readonly int[] _assemblyOf;
    private readonly NodeFlags[] _flags;
    private readonly List<int>?[] _edges;
    private readonly Dictionary<string, string>?[] _direct;

    // The calls a body makes in its catch, filter and fault handlers: followed only once no chain is found without them
    // (a retry's backoff sleep, a cleanup before rethrowing).
    private readonly List<int>?[] _failureEdges;
    private readonly Dictionary<string, string>?[] _failureDirect;

    // The calls a body makes only on a first call or a cache miss (MissGuards): followed only once no chain is found
    // without them, before the exception handlers'.
    private readonly List<int>?[] _missEdges;
    private readonly Dictionary<string, string>?[] _missDirect;

    // The calls a body makes only once a time it compares with the clock has passed, or on such a miss (MissGuards): a
    // refresh, followed after a miss's calls.
    private readonly List<int>?[] _refreshEdges;
    private readonly Dictionary<string, string>?[] _refreshDirect;

    // The waits on a semaphore used as a mutex (MutexWaits): they block only while another thread holds it, followed
    // once no chain is found without them (nor on a miss), before the exception handlers'.
    private readonly Dictionary<string, string>?[] _contendedDirect;
    private readonly MutexWaits?[] _mutexes;

    // The body being read's calls, added once its guards are known (one list, reused: bodies are read one at a time).
    private readonly List<(int Offset, Target Target, bool ZeroBefore, bool InFailureHandler, bool Contended)> _bodyCalls = new();
    private readonly List<(int Lambda, Target Consumer)>?[] _delegatesPassed;
    private readonly List<(int[] Ordinals, Target Consumer)>?[] _parametersPassed;
    private readonly List<int>?[] _dispatch;
    private readonly HashSet<long> _baseCalls = new();
    private readonly int[] _iteratorBody;
    private readonly int[] _asyncBody;

    public LibraryScanner(IReadOnlyList<LibraryAssembly> assemblies)
    {
        _assemblies = assemblies;
        _nodes = new AssemblyNodes[assemblies.Count];
        var first = 0;
        for (var i = 0; i < assemblies.Count; i++)
        {
            _assemblyByName[assemblies[i].Name] = i;
            _nodes[i] = new AssemblyNodes(this, i, first);
            first += assemblies[i].Metadata.MethodDefinitions.Count;
        }

        _count = first;
        _assemblyOf = new int[_count];
        _flags = new NodeFlags[_count];
        _edges = new List<int>?[_count];
        _direct = new Dictionary<string, string>?[_count];
        _failureEdges = new List<int>?[_count];
        _failureDirect = new Dictionary<string, string>?[_count];
        _missEdges = new List<int>?[_count];
        _missDirect = new Dictionary<string, string>?[_count];
        _refreshEdges = new List<int>?[_count];
        _refreshDirect = new Dictionary<string, string>?[_count];
        _contendedDirect = new Dictionary<string, string>?[_count];
        _mutexes = new MutexWaits?[assemblies.Count];
        _delegatesPassed = new List<(int, Target)>?[_count];
        _parametersPassed = new List<(int[], Target)>?[_count];
        _dispatch = new List<int>?[_count];
        _iteratorBody = new int[_count];
        _asyncBody = new int[_count];
        for (var i = 0; i < assemblies.Count; i++)
        {
            for (var n = _nodes[i].First; n < _nodes[i].First + assemblies[i].Metadata.MethodDefinitions.Count; n++)
            {
                _assemblyOf[n] = i;
                _iteratorBody[n] = NoNode;
                _asyncBody[n] = NoNode;
            }
        }

        for (var i = 0; i < assemblies.Count; i++)
        {
            _nodes[i].AddFrameworkInterfaces(_frameworkInterfacesImplemented);
        }

        _closures = new HashSet<int>[assemblies.Count];
        for (var i = 0; i < assemblies.Count; i++)
        {
            _closures[i] = LibraryAssembly.ClosureOf(assemblies, _assemblyByName, i);
        }
    }

    [Flags]
    private enum NodeFlags : ushort
    {
        Virtual = 1,
        Abstract = 2,
        Surface = 4,
        ReturnsAwaitable = 8,
        AsyncMoveNext = 16,
        Unknown = 32,
        Enumerates = 64,
        HasBody = 128,
        InvokesDelegate = 256,
        Incomplete = 512,
        Runs = 1024,
        Returns = 2048,
    }

    /// <summary>Public members the scan considered in the assemblies asked for.</summary>
    public int MembersConsidered { get; private set; }

    /// <summary>Methods whose IL was read.</summary>
    public int MethodsRead { get; private set; }

    /// <summary>The facts records (<see cref="FactsFile"/>) of each assembly asked for, by assembly name.</summary>
    public Dictionary<string, List<string>> Scan(ICollection<string> recordsFor)
    {
        for (var a = 0; a < _assemblies.Count; a++)
        {
            ReadBodies(a);
        }

        AddDispatchEdges();
        var runs = ComputeRuns();
        AddDelegateEdges(runs);
        var chains = WalkBackFromBlockingCalls();

        // Then with the calls made only on a miss: what blocks only there blocks on a first call or a cache miss.
        Join(_missEdges, _missDirect);
        var onMiss = WalkBackFromBlockingCalls();

        // Then with the calls made once a cached time has passed: what blocks only there blocks on a refresh.
        var onRefresh = onMiss;
        if (Array.Exists(_refreshEdges, e => e is not null) || Array.Exists(_refreshDirect, d => d is not null))
        {
            Join(_refreshEdges, _refreshDirect);
            onRefresh = WalkBackFromBlockingCalls();
        }

        // Then with the waits on a mutex: what blocks only there blocks only while another thread holds the lock.
        var contended = onRefresh;
        if (Array.Exists(_contendedDirect, d => d is not null))
        {
            Join(null, _contendedDirect);
            contended = WalkBackFromBlockingCalls();
        }

        // Then with the exception handlers' calls: what blocks only there blocks only after a failure.
        Join(_failureEdges, _failureDirect);
        var afterFailure = WalkBackFromBlockingCalls();
        MarkIncomplete();

        var records = new Dictionary<string, List<string>>(StringComparer.OrdinalIgnoreCase);
        foreach (var name in recordsFor)
        {
            if (_assemblyByName.TryGetValue(name, out var a))
            {
                records[_assemblies[a].Name] = RecordsOf(a, runs, chains, onMiss, onRefresh, contended, afterFailure);
            }
        }

        return records;
    }

    private List<string> RecordsOf(int a, Dictionary<int, int[]> runs, Chains chains, Chains onMiss, Chains onRefresh, Chains contended, Chains afterFailure)
    {
        var records = new List<string>();
        var nodes = _nodes[a];
        var metadata = _assemblies[a].Metadata;
        for (var n = nodes.First; n < nodes.First + metadata.MethodDefinitions.Count; n++)
        {
            if ((_flags[n] & NodeFlags.Surface) == 0 || (_flags[n] & NodeFlags.ReturnsAwaitable) != 0)
            {
                continue;
            }

            // An APM Begin… method starts an operation its End… completes: asynchronous by contract, like a member
            // that returns a task; what it reaches on the way (SqlClient's error and Always Encrypted paths under
            // BeginExecuteReader) is not the wait a caller makes, End… is.
            if (nodes.BeginsAsyncOperation(n))
            {
                continue;
            }

            MembersConsidered++;
            var id = nodes.DocumentationId(n);

            // A data reader's column and metadata reads touch the row Read/ReadAsync buffered: clean where a twin would
            // have the name rule report them, nothing otherwise (FrameworkAssemblies.ReadsCurrentRow).
            if (nodes.ReadsCurrentRow(n))
            {
                if (nodes.HasAsyncTwin(n))
                {
                    records.Add(FactsFile.Clean(id));
                }

                continue;
            }

            // The first walk that finds a chain: on every call, on a miss, on a refresh, when contended, after a failure.
            var walk = chains;
            var found = Top(n, chains);
            if (found is null && Top(n, onMiss) is { } missing)
            {
                found = missing;
                walk = onMiss;
            }
            else if (found is null && Top(n, onRefresh) is { } refreshing)
            {
                found = refreshing;
                walk = onRefresh;
            }
            else if (found is null && Top(n, contended) is { } waiting)
            {
                found = waiting;
                walk = contended;
            }
            else if (found is null && Top(n, afterFailure) is { } failing)
            {
                found = failing;
                walk = afterFailure;
            }

            if (found is { } top)
            {
                var hops = new List<string>();
                if (top.Via != n)
                {
                    hops.Add(nodes.DisplayName(n));
                }

                Route(top.Via, top.Rule, walk, hops, a);
                records.Add(FactsFile.Blocking(id, top.Rule, hops.Count - 1, string.Join(" → ", hops)));
                if (walk == onMiss)
                {
                    records.Add(FactsFile.OnMiss(id));
                }
                else if (walk == onRefresh)
                {
                    records.Add(FactsFile.OnRefresh(id));
                }
                else if (walk == contended)
                {
                    records.Add(FactsFile.WhenContended(id));
                }
                else if (walk == afterFailure)
                {
                    records.Add(FactsFile.AfterFailure(id));
                }
            }
            // Clean only what returns: a member that only throws (a platform placeholder whose real assembly is under
            // runtimes/) says nothing of the one that runs.
            else if ((_flags[n] & (NodeFlags.Incomplete | NodeFlags.Runs | NodeFlags.Abstract)) == 0 && (_flags[n] & NodeFlags.Returns) != 0
                && nodes.HasAsyncTwin(n)
                && !nodes.ReturnsLazySequence(n) && !afterFailure.Reaches[n] && (_dispatch[n]?.All(c => !afterFailure.Reaches[c]) ?? true))
            {
                records.Add(FactsFile.Clean(id));
            }

            if (runs.TryGetValue(n, out var ordinals))
            {
                records.Add(FactsFile.Runs(id, ordinals));
            }
        }

        return records;
    }

    /// <summary>Appends the hops of a state's chain: each method once (a call through dispatch that runs the member's
    /// own body is one hop), the assembly in brackets where the chain enters another one, then the runtime's operation.</summary>
    private void Route(int start, string rule, Chains chains, List<string> hops, int previousAssembly)
    {
        var current = start;
        var previousNode = NoNode;
        while (true)
        {
            var node = current % _count;
            if (node != previousNode)
            {
                var a = _assemblyOf[node];
                var display = _nodes[a].DisplayName(node);
                hops.Add(a == previousAssembly ? display : "[" + _assemblies[a].Name + "] " + display);
                previousAssembly = a;
            }

            previousNode = node;
            if (chains.Depth[current] == 1)
            {
                hops.Add(_direct[node]![rule]);
                break;
            }

            current = chains.Next[current];
        }
    }

    private void ReadBodies(int a)
    {
        var assembly = _assemblies[a];
        var metadata = assembly.Metadata;
        var nodes = _nodes[a];
        foreach (var typeHandle in metadata.TypeDefinitions)
        {
            var type = metadata.GetTypeDefinition(typeHandle);
            var surfaceType = nodes.IsVisible(typeHandle);
            var stateMachine = nodes.IsAsyncStateMachine(typeHandle);
            foreach (var methodHandle in type.GetMethods())
            {
                var n = nodes.NodeOf(methodHandle);
                var method = metadata.GetMethodDefinition(methodHandle);
                var attributes = method.Attributes;
                var flags = default(NodeFlags);
                if ((attributes & MethodAttributes.Virtual) != 0)
                {
                    flags |= NodeFlags.Virtual;
                }

                if ((attributes & MethodAttributes.Abstract) != 0)
                {
                    flags |= NodeFlags.Abstract;
                }

                var access = attributes & MethodAttributes.MemberAccessMask;
                if (surfaceType && access is MethodAttributes.Public or MethodAttributes.Family or MethodAttributes.FamORAssem
                    && !metadata.GetString(method.Name).StartsWith("<", StringComparison.Ordinal))
                {
                    flags |= NodeFlags.Surface;
                }

                if (AssemblyNodes.ReturnsAwaitable(method))
                {
                    flags |= NodeFlags.ReturnsAwaitable;
                }

                if (stateMachine && metadata.StringComparer.Equals(method.Name, "MoveNext"))
                {
                    flags |= NodeFlags.AsyncMoveNext;
                }

                if ((attributes & MethodAttributes.PinvokeImpl) != 0)
                {
                    flags |= NodeFlags.Unknown;
                }

                _flags[n] = flags;
                MethodBodyBlock? body;
                try
                {
                    body = assembly.BodyOf(method);
                }
                catch (BadImageFormatException)
                {
                    body = null; // an obfuscated or damaged body: known to be unknown
                }

                if (body is not null)
                {
                    _flags[n] |= NodeFlags.HasBody;
                    MethodsRead++;
                    try
                    {
                        Walk(a, n, method, body);
                    }
                    catch (Exception exception) when (exception is BadImageFormatException or ArgumentException or InvalidOperationException)
                    {
                        // A damaged or obfuscated body (a token of no table the metadata reader knows): this method is
                        // unknown, the assembly's other facts stand.
                        _flags[n] |= NodeFlags.Unknown;
                    }
                }
                else if ((attributes & MethodAttributes.Abstract) == 0 && !nodes.IsDelegateType(typeHandle))
                {
                    // extern, internal call, runtime-implemented: nothing to follow, nothing known.
                    _flags[n] |= NodeFlags.Unknown;
                }
            }
        }
    }

    private void Walk(int a, int n, MethodDefinition method, MethodBodyBlock body)
    {
        var nodes = _nodes[a];
        var il = body.GetILReader();
        var instance = (method.Attributes & MethodAttributes.Static) == 0;
        var delegateParameters = nodes.DelegateParameterOrdinals(method);
        List<int>? pendingParameters = null;
        var zeroBefore = false;
        var pendingLambda = NoNode;
        var moveNext = (_flags[n] & NodeFlags.AsyncMoveNext) != 0;
        var handlers = FailureHandlers(body);
        var metadata = _assemblies[a].Metadata;
        var guards = default(MissGuards.Candidates);
        var mutexes = _mutexes[a] ??= new MutexWaits(_assemblies[a]);
        var semaphore = 0; // the SemaphoreSlim field loaded last: the receiver of a SemaphoreSlim call after it
        var semaphoreAt = 0; // where it was loaded
        HashSet<int>? joins = null; // the body's branch targets, read once a wait on a mutex field is found
        _bodyCalls.Clear();
        while (il.RemainingBytes > 0)
        {
            var offset = il.Offset;
            var op = ReadOpCode(ref il);
            var zero = false;
            var token = 0;
            if (op is ILOpCode.Call or ILOpCode.Callvirt or ILOpCode.Ldfld or ILOpCode.Ldsfld or ILOpCode.Stfld or ILOpCode.Stsfld)
            {
                token = il.ReadInt32();
                guards.Observe(metadata, op, token);
                il.Offset -= 4; // read again below
            }
            else
            {
                guards.Observe(metadata, op, 0);
            }

            if (op is ILOpCode.Ldfld or ILOpCode.Ldsfld)
            {
                if (mutexes.IsSemaphoreField(token))
                {
                    (semaphore, semaphoreAt) = (token, offset);
                }
            }
            else if (op is ILOpCode.Stfld or ILOpCode.Stsfld or ILOpCode.Pop or ILOpCode.Ret or ILOpCode.Newobj or ILOpCode.Switch
                || (op is >= ILOpCode.Stloc_0 and <= ILOpCode.Stloc_3) || op is ILOpCode.Stloc_s or ILOpCode.Stloc or ILOpCode.Starg_s or ILOpCode.Starg
                || op.IsBranch())
            {
                semaphore = 0; // it went elsewhere, or was only tested (`if (_gate != null) other.Wait()`)
            }

            var argument = -1;
            switch (op)
            {
                case ILOpCode.Call:
                case ILOpCode.Callvirt:
                case ILOpCode.Newobj:
                case ILOpCode.Jmp:
                    {
                        var target = nodes.Resolve(MetadataTokens.EntityHandle(il.ReadInt32()));
                        if (op == ILOpCode.Newobj && target.IsDelegateConstructor)
                        {
                            break; // the delegate is made; what it is handed to comes next
                        }

                        if (op == ILOpCode.Newobj && target.Kind == TargetKind.Node && _assemblyOf[target.Node] == a
                            && nodes.IsIteratorStateMachine(target.Node) is var iterator && iterator != NoNode)
                        {
                            _iteratorBody[n] = iterator;
                        }

                        if (pendingLambda != NoNode)
                        {
                            (_delegatesPassed[n] ??= new List<(int, Target)>()).Add((pendingLambda, target));
                            pendingLambda = NoNode;
                        }

                        if (pendingParameters is not null && !target.IsTuple)
                        {
                            (_parametersPassed[n] ??= new List<(int[], Target)>()).Add((pendingParameters.ToArray(), target));
                            pendingParameters = null;
                        }

                        if (op == ILOpCode.Call && target.Kind == TargetKind.Node && IsVirtualDefinition(target.Node))
                        {
                            _baseCalls.Add(Pair(n, target.Node)); // base.M(): that body, not whichever override
                        }

                        // A wait on a mutex field waits only while another thread holds it.
                        // Not where a branch arrives between the field's load and the wait: another value may be the
                        // receiver then (`(flag ? _mutex : _signal).Wait()`).
                        var contended = semaphore != 0 && target.Kind == TargetKind.Primitive && target.Primitive == "SemaphoreSlim.Wait"
                            && mutexes.IsMutex(semaphore)
                            && !JoinsBetween(joins ??= MissGuards.BranchTargets(MissGuards.Decode(body)), semaphoreAt, offset);
                        if (op != ILOpCode.Newobj && !mutexes.KeepsReceiver(token))
                        {
                            semaphore = 0;
                        }

                        _bodyCalls.Add((offset, target, zeroBefore, handlers is not null && InAny(handlers, offset), contended));
                        break;
                    }

                case ILOpCode.Ldftn:
                case ILOpCode.Ldvirtftn:
                    pendingLambda = nodes.Resolve(MetadataTokens.EntityHandle(il.ReadInt32())).Node;
                    break;

                case ILOpCode.Calli:
                    il.ReadInt32();
                    _flags[n] |= NodeFlags.Unknown;
                    break;

                case ILOpCode.Ldc_i4_0:
                    zero = true;
                    break;

                case ILOpCode.Ldsfld:
                    zero = nodes.IsTimeSpanZero(MetadataTokens.EntityHandle(il.ReadInt32()));
                    break;

                case ILOpCode.Stfld:
                    {
                        // An async method's stub stores its arguments into its state machine: remember whose MoveNext runs them.
                        var field = MetadataTokens.EntityHandle(il.ReadInt32());
                        if ((_flags[n] & NodeFlags.ReturnsAwaitable) != 0 && _asyncBody[n] == NoNode)
                        {
                            _asyncBody[n] = nodes.AsyncStateMachineBody(field);
                        }

                        pendingParameters = null; // kept for later, not run here
                        break;
                    }

                case ILOpCode.Stsfld:
                case ILOpCode.Stelem:
                case ILOpCode.Stobj:
                    SkipOperand(ref il, op);
                    pendingParameters = null; // kept for later, not run here
                    break;

                case ILOpCode.Stelem_ref:
                    pendingParameters = null;
                    break;

                case ILOpCode.Ret:
                    pendingParameters = null;
                    _flags[n] |= NodeFlags.Returns;
                    break;

                case ILOpCode.Ldarg_0:
                case ILOpCode.Ldarg_1:
                case ILOpCode.Ldarg_2:
                case ILOpCode.Ldarg_3:
                    argument = op - ILOpCode.Ldarg_0;
                    break;

                case ILOpCode.Ldarg_s:
                    argument = il.ReadByte();
                    break;

                case ILOpCode.Ldarg:
                    argument = il.ReadUInt16();
                    break;

                default:
                    SkipOperand(ref il, op);
                    break;
            }

            if (argument >= 0)
            {
                var ordinal = instance ? argument - 1 : argument;
                if (ordinal >= 0 && Array.IndexOf(delegateParameters, ordinal) >= 0)
                {
                    pendingParameters ??= new List<int>();
                    if (!pendingParameters.Contains(ordinal))
                    {
                        pendingParameters.Add(ordinal);
                    }
                }
            }

            zeroBefore = zero;
        }

        // The calls once the whole body is read: which of them run only where a miss or an expiry takes its branches.
        var guarded = guards.Any
            ? MissGuards.Of(metadata, body, hoisting: metadata.GetString(metadata.GetTypeDefinition(method.GetDeclaringType()).Name).StartsWith("<", StringComparison.Ordinal))
            : null;
        foreach (var call in _bodyCalls)
        {
            var kind = call.InFailureHandler ? CallKind.InFailureHandler
                : call.Contended ? CallKind.Contended
                : guarded?.Miss is { } miss && miss.Contains(call.Offset) ? CallKind.OnMiss
                : guarded?.Refresh is { } refresh && refresh.Contains(call.Offset) ? CallKind.OnRefresh
                : CallKind.EveryCall;
            AddCall(n, call.Target, call.ZeroBefore, moveNext, kind);
        }
    }

    /// <summary>The IL ranges of a body's catch, filter and fault handlers (not finally: it runs on every path), or null.</summary>
    private static (int Start, int End)[]? FailureHandlers(MethodBodyBlock body)
    {
        List<(int, int)>? ranges = null;
        foreach (var region in body.ExceptionRegions)
        {
            if (region.Kind != ExceptionRegionKind.Finally)
            {
                var start = region.Kind == ExceptionRegionKind.Filter ? region.FilterOffset : region.HandlerOffset;
                (ranges ??= new List<(int, int)>()).Add((start, region.HandlerOffset + region.HandlerLength));
            }
        }

        return ranges?.ToArray();
    }

    private static bool InAny((int Start, int End)[] ranges, int offset)
    {
        foreach (var (start, end) in ranges)
        {
            if (offset >= start && offset < end)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Conditional calls (<see cref="_missEdges"/>, <see cref="_refreshEdges"/>, <see cref="_contendedDirect"/>,
    /// <see cref="_failureEdges"/>) joined to the others, for the next walk.</summary>
    private void Join(List<int>?[]? conditionalEdges, Dictionary<string, string>?[] conditionalDirect)
    {
        for (var n = 0; n < _count; n++)
        {
            if (conditionalEdges?[n] is { } edges)
            {
                (_edges[n] ??= new List<int>()).AddRange(edges);
            }

            if (conditionalDirect[n] is { } conditional)
            {
                var direct = _direct[n] ??= new Dictionary<string, string>(StringComparer.Ordinal);
                foreach (var pair in conditional)
                {
                    if (!direct.ContainsKey(pair.Key))
                    {
                        direct[pair.Key] = pair.Value;
                    }
                }
            }
        }
    }

    /// <summary>When a call of a body runs: the walk that first follows it.</summary>
    private enum CallKind : byte
    {
        EveryCall,
        OnMiss,
        OnRefresh,
        Contended,
        InFailureHandler,
    }

    private void AddCall(int n, Target target, bool zeroBefore, bool moveNext, CallKind kind)
    {
        switch (target.Kind)
        {
            case TargetKind.Node:
                // A mutex's wait is a primitive, never a call of the set.
                ((kind switch
                {
                    CallKind.InFailureHandler => _failureEdges,
                    CallKind.OnMiss => _missEdges,
                    CallKind.OnRefresh => _refreshEdges,
                    _ => _edges,
                })[n] ??= new List<int>()).Add(target.Node);
                break;
            case TargetKind.Primitive:
                // A zero timeout makes a wait a try; the awaiter calls in an async method's MoveNext follow its awaits.
                if ((zeroBefore && BlockingPrimitives.TakesTimeout(target.Rule!))
                    || (moveNext && target.Primitive!.EndsWith(".GetResult", StringComparison.Ordinal)))
                {
                    break;
                }

                var direct = (kind switch
                {
                    CallKind.InFailureHandler => _failureDirect,
                    CallKind.Contended => _contendedDirect,
                    CallKind.OnMiss => _missDirect,
                    CallKind.OnRefresh => _refreshDirect,
                    _ => _direct,
                })[n] ??= new Dictionary<string, string>(StringComparer.Ordinal);
                if (!direct.ContainsKey(target.Rule!))
                {
                    direct[target.Rule!] = target.Primitive!;
                }

                break;
            case TargetKind.DelegateInvoke:
                _flags[n] |= NodeFlags.InvokesDelegate | NodeFlags.Unknown; // the delegate may be anything
                break;
            case TargetKind.Runner:
            case TargetKind.Enumerates:
                _flags[n] |= NodeFlags.Enumerates;
                break;
            case TargetKind.Unknown:
                _flags[n] |= NodeFlags.Unknown;
                break;
        }
    }

    private void AddDispatchEdges()
    {
        // Implementations by name and signature (the id after the type), and explicit implementations by what they implement.
        var bySignature = new Dictionary<string, List<int>>(StringComparer.Ordinal);
        var explicitly = new Dictionary<int, List<int>>();
        for (var a = 0; a < _assemblies.Count; a++)
        {
            var nodes = _nodes[a];
            var metadata = _assemblies[a].Metadata;
            foreach (var methodHandle in metadata.MethodDefinitions)
            {
                var n = nodes.NodeOf(methodHandle);
                if ((_flags[n] & NodeFlags.Virtual) != 0 && (_flags[n] & NodeFlags.Abstract) == 0)
                {
                    var key = WithoutTypeParameters(nodes.MemberPart(n));
                    if (!bySignature.TryGetValue(key, out var list))
                    {
                        bySignature[key] = list = new List<int>();
                    }

                    list.Add(n);
                }
            }

            foreach (var typeHandle in metadata.TypeDefinitions)
            {
                foreach (var implHandle in metadata.GetTypeDefinition(typeHandle).GetMethodImplementations())
                {
                    var impl = metadata.GetMethodImplementation(implHandle);
                    var declaration = nodes.Resolve(impl.MethodDeclaration);
                    var body = nodes.Resolve(impl.MethodBody);
                    if (declaration.Kind == TargetKind.Node && body.Kind == TargetKind.Node)
                    {
                        if (!explicitly.TryGetValue(declaration.Node, out var list))
                        {
                            explicitly[declaration.Node] = list = new List<int>();
                        }

                        list.Add(body.Node);
                    }
                }
            }
        }

        for (var v = 0; v < _count; v++)
        {
            if ((_flags[v] & NodeFlags.Virtual) == 0)
            {
                continue;
            }

            var a = _assemblyOf[v];
            var declaringType = _nodes[a].DeclaringTypeName(v);
            var found = false;
            if (bySignature.TryGetValue(WithoutTypeParameters(_nodes[a].MemberPart(v)), out var candidates))
            {
                foreach (var c in candidates)
                {
                    var ca = _assemblyOf[c];
                    if (c != v && _closures[a].Contains(ca) && _nodes[ca].DerivesFrom(c, declaringType))
                    {
                        (_dispatch[v] ??= new List<int>()).Add(c);
                        found = true;
                    }
                }
            }

            if (explicitly.TryGetValue(v, out var implementations))
            {
                foreach (var c in implementations)
                {
                    if (_closures[a].Contains(_assemblyOf[c]))
                    {
                        (_dispatch[v] ??= new List<int>()).Add(c);
                        found = true;
                    }
                }
            }

            if (!found && (_flags[v] & NodeFlags.Abstract) != 0)
            {
                // Only implementations outside the set: nothing known about them.
                _flags[v] |= NodeFlags.Unknown;
            }
        }
    }

    /// <summary>A member's id part with the declaring type's parameters unnumbered ("`0", "`1" → "`"): an override in a
    /// generic derived class names the base's type parameter by its own position.</summary>
    private static string WithoutTypeParameters(string memberPart)
    {
        var text = new System.Text.StringBuilder(memberPart.Length);
        for (var i = 0; i < memberPart.Length; i++)
        {
            var c = memberPart[i];
            text.Append(c);
            if (c == '`' && (i + 1 < memberPart.Length && memberPart[i + 1] != '`') && (i == 0 || memberPart[i - 1] != '`'))
            {
                while (i + 1 < memberPart.Length && char.IsDigit(memberPart[i + 1]))
                {
                    i++;
                }
            }
        }

        return text.ToString();
    }

    /// <summary>Members that run a delegate parameter before they return: the parameter is handed to a delegate's Invoke,
    /// to a framework method that runs its delegates (<see cref="FrameworkAssemblies.RunsDelegates"/>) or to a member of
    /// the set that runs one (an interface or virtual member: when an implementation does). Not when it is stored first.</summary>
    private Dictionary<int, int[]> ComputeRuns()
    {
        var runs = new Dictionary<int, SortedSet<int>>();
        bool changed;
        do
        {
            changed = false;
            for (var n = 0; n < _count; n++)
            {
                // An async method runs its delegates in its state machine, synchronously until its first await (and
                // to the end when its caller asked for synchronous completion, as Polly's synchronous pipelines do).
                if (_asyncBody[n] != NoNode && (_flags[_asyncBody[n]] & NodeFlags.InvokesDelegate) != 0
                    && _nodes[_assemblyOf[n]].DelegateParameterOrdinals(n) is { Length: > 0 } all)
                {
                    changed |= Add(n, all);
                }

                if (_parametersPassed[n] is { } uses)
                {
                    foreach (var (ordinals, consumer) in uses)
                    {
                        if (consumer.Kind is TargetKind.DelegateInvoke or TargetKind.Runner
                            || (consumer.Kind == TargetKind.Node && runs.ContainsKey(consumer.Node)))
                        {
                            changed |= Add(n, ordinals);
                        }
                    }
                }

                if ((_flags[n] & NodeFlags.Abstract) != 0 && _dispatch[n] is { } implementations)
                {
                    foreach (var implementation in implementations)
                    {
                        if (runs.TryGetValue(implementation, out var ordinals))
                        {
                            changed |= Add(n, ordinals);
                        }
                    }
                }
            }
        }
        while (changed);

        var result = new Dictionary<int, int[]>();
        foreach (var pair in runs)
        {
            if ((_flags[pair.Key] & NodeFlags.ReturnsAwaitable) != 0)
            {
                continue; // an async member's delegates do not run on its caller's thread (when it is awaited)
            }

            result[pair.Key] = pair.Value.ToArray();
            _flags[pair.Key] |= NodeFlags.Runs;
        }

        return result;

        bool Add(int node, IEnumerable<int> ordinals)
        {
            if (!runs.TryGetValue(node, out var set))
            {
                runs[node] = set = new SortedSet<int>();
            }

            var before = set.Count;
            set.UnionWith(ordinals);
            return set.Count != before;
        }
    }

    private void AddDelegateEdges(Dictionary<int, int[]> runs)
    {
        for (var n = 0; n < _count; n++)
        {
            // A method that enumerates (ToList, foreach) runs the body of an iterator it calls, in place.
            if ((_flags[n] & NodeFlags.Enumerates) != 0 && _edges[n] is { } calls)
            {
                foreach (var body in calls.Select(c => _iteratorBody[c]).Where(b => b != NoNode).Distinct().ToList())
                {
                    calls.Add(body);
                }
            }

            if (_delegatesPassed[n] is not { } passed)
            {
                continue;
            }

            foreach (var (lambda, consumer) in passed)
            {
                if (lambda != NoNode
                    && ((consumer.Kind == TargetKind.Node && runs.ContainsKey(consumer.Node)) || consumer.Kind == TargetKind.Runner))
                {
                    (_edges[n] ??= new List<int>()).Add(lambda);
                }
            }
        }
    }

    private List<int>?[] Reverse(bool includeLambdas)
    {
        var callers = new List<int>?[_count];
        for (var n = 0; n < _count; n++)
        {
            if (_edges[n] is { } edges)
            {
                foreach (var t in edges)
                {
                    (callers[t] ??= new List<int>()).Add(n);
                }
            }

            if (_dispatch[n] is { } implementations)
            {
                foreach (var c in implementations)
                {
                    (callers[c] ??= new List<int>()).Add(n);
                }
            }

            // A lazy sequence runs when its caller enumerates it: an iterator's body is not known to be clean, nor
            // what returns it.
            if (includeLambdas && _iteratorBody[n] != NoNode)
            {
                (callers[_iteratorBody[n]] ??= new List<int>()).Add(n);
            }

            if (includeLambdas && _delegatesPassed[n] is { } passed)
            {
                foreach (var (lambda, _) in passed)
                {
                    if (lambda != NoNode)
                    {
                        (callers[lambda] ??= new List<int>()).Add(n);
                    }
                }
            }
        }

        return callers;
    }

    /// <summary>One shortest chain per blocking member, to a blocking call of the first rule it reaches in the order
    /// <see cref="BlockingPrimitives.ByPriority"/>: a driver's query that does socket I/O and sleeps between retries is
    /// I/O, whichever chain is shorter. States: a method's body (index n) and a call through dispatch to an interface or
    /// virtual member (index count + n). A body blocks when it makes a blocking call or calls a state that blocks; a call
    /// through dispatch blocks only when it does whichever implementation runs: every implementation in the set blocks
    /// (the member's own body, when it has one, is one of them), forwarders aside (an implementation that calls through
    /// dispatch a member it implements itself: a decorator wrapping another instance). The records of the public member
    /// itself are judged by any implementation (<see cref="Top"/>).</summary>
    private Chains WalkBackFromBlockingCalls()
    {
        var states = 2 * _count;
        var callers = BlockingCallers(out var implementations);
        var chains = new Chains(states);

        // What blocks whichever implementation runs (least fixpoint; a dispatch state waits for all of its
        // implementations), and what reaches a blocking call through any implementation (a clean twin must not). An
        // implementation that does not block only because it calls the same dispatch again, directly or through other
        // bodies (a decorator, a pooled or reference-counted wrapper), forwards: it does not veto; found where a
        // dispatch is vetoed, then the fixpoint again.
        var queue = new Queue<int>();
        var forwarding = new HashSet<long>();
        var blocking = Definite();
        for (var round = 0; round < 4; round++)
        {
            var found = false;
            for (var t = 0; t < _count; t++)
            {
                if (implementations[t] is not { } list || blocking[_count + t] || !list.Any(c => blocking[c]))
                {
                    continue;
                }

                foreach (var c in list)
                {
                    if (!blocking[c] && !forwarding.Contains(Pair(c, t)) && CallsDispatchAgain(c, t))
                    {
                        forwarding.Add(Pair(c, t));
                        found = true;
                    }
                }
            }

            if (!found)
            {
                break;
            }

            blocking = Definite();
        }

        var reaches = new bool[states];
        for (var n = 0; n < _count; n++)
        {
            if (blocking[n] && _direct[n] is { Count: > 0 })
            {
                reaches[n] = true;
                queue.Enqueue(n);
            }
        }

        Spread(reaches, null, null);
        chains.Reaches = reaches;

        foreach (var rule in BlockingPrimitives.ByPriority)
        {
            var depth = new int[states];
            var next = new int[states];
            for (var n = 0; n < _count; n++)
            {
                if (_direct[n] is { } direct && direct.ContainsKey(rule) && blocking[n])
                {
                    depth[n] = 1;
                    next[n] = NoNode;
                    queue.Enqueue(n);
                }
            }

            while (queue.Count > 0)
            {
                Visit(queue.Dequeue(), rule, depth, next);
            }
        }

        return chains;

        // Breadth-first, but a call through dispatch that runs the member's own body is the same hop as that body.
        void Visit(int s, string rule, int[] depth, int[] next)
        {
            if (chains.Rule[s] is null)
            {
                chains.Rule[s] = rule;
                chains.Depth[s] = depth[s];
                chains.Next[s] = next[s];
            }

            if (callers[s] is not { } list)
            {
                return;
            }

            foreach (var caller in list)
            {
                if (depth[caller] == 0 && blocking[caller])
                {
                    var sameHop = caller == _count + s;
                    depth[caller] = depth[s] + (sameHop ? 0 : 1);
                    next[caller] = s;
                    if (sameHop)
                    {
                        Visit(caller, rule, depth, next);
                    }
                    else
                    {
                        queue.Enqueue(caller);
                    }
                }
            }
        }

        bool[] Definite()
        {
            var reached = new bool[states];
            var remaining = new int[_count];
            for (var t = 0; t < _count; t++)
            {
                if (implementations[t] is { } list)
                {
                    remaining[t] = list.Count(c => !forwarding.Contains(Pair(c, t)));
                }
            }

            for (var n = 0; n < _count; n++)
            {
                if (_direct[n] is { Count: > 0 } && (_flags[n] & NodeFlags.ReturnsAwaitable) == 0)
                {
                    reached[n] = true;
                    queue.Enqueue(n);
                }
            }

            Spread(reached, remaining, forwarding);
            return reached;
        }

        void Spread(bool[] reached, int[]? remaining, HashSet<long>? skipped)
        {
            while (queue.Count > 0)
            {
                var s = queue.Dequeue();
                if (callers[s] is not { } list)
                {
                    continue;
                }

                foreach (var caller in list)
                {
                    if (reached[caller])
                    {
                        continue;
                    }

                    if (caller >= _count)
                    {
                        if (remaining is not null
                            && (skipped!.Contains(Pair(s, caller - _count)) || remaining[caller - _count] == 0 || --remaining[caller - _count] > 0))
                        {
                            continue;
                        }
                    }
                    else if ((_flags[caller] & NodeFlags.ReturnsAwaitable) != 0)
                    {
                        continue;
                    }

                    reached[caller] = true;
                    queue.Enqueue(caller);
                }
            }
        }
    }

    /// <summary>Per state, the states that call it: a body calls the bodies it calls directly (and the body a base call
    /// names), and the dispatch state of an interface or virtual member it calls through dispatch; a dispatch state
    /// "calls" its implementations (<paramref name="implementations"/>): the member's own body when it is not abstract and
    /// its overrides and implementations in the set, but those that never return (they throw: not supported here).</summary>
    private List<int>?[] BlockingCallers(out List<int>?[] implementations)
    {
        var callers = new List<int>?[2 * _count];
        implementations = new List<int>?[_count];
        for (var n = 0; n < _count; n++)
        {
            if (_edges[n] is not { } edges)
            {
                continue;
            }

            foreach (var t in edges)
            {
                Add(ThroughDispatch(n, t) ? _count + t : t, n);
            }
        }

        var set = new HashSet<int>();
        for (var t = 0; t < _count; t++)
        {
            if (_dispatch[t] is not { Count: > 0 } list)
            {
                continue;
            }

            set.Clear();
            if (Runs(t))
            {
                set.Add(t);
            }

            foreach (var c in list)
            {
                if (Runs(c))
                {
                    set.Add(c);
                }
            }

            implementations[t] = set.ToList();
            foreach (var c in set)
            {
                Add(c, _count + t);
            }
        }

        return callers;

        void Add(int callee, int caller) => (callers[callee] ??= new List<int>()).Add(caller);

        bool Runs(int c) => (_flags[c] & NodeFlags.Abstract) == 0
            && ((_flags[c] & (NodeFlags.HasBody | NodeFlags.Returns | NodeFlags.Unknown)) != NodeFlags.HasBody || _direct[c] is not null);
    }

    private bool ThroughDispatch(int caller, int callee) => _dispatch[callee] is { Count: > 0 } && !_baseCalls.Contains(Pair(caller, callee));

    /// <summary>Whether an implementation of <paramref name="member"/> calls it through dispatch again, itself, through
    /// the bodies it calls or the lambdas it hands on (a few): a forwarder.</summary>
    private bool CallsDispatchAgain(int implementation, int member)
    {
        var seen = new HashSet<int> { implementation };
        var pending = new Queue<int>();
        pending.Enqueue(implementation);
        while (pending.Count > 0 && seen.Count < 64)
        {
            var x = pending.Dequeue();
            if (_delegatesPassed[x] is { } passed)
            {
                // A forwarder may hand its call to a helper as a lambda (MultiGroupDatabase.Execute(state, (s, inner) => inner.M(…))).
                foreach (var (lambda, _) in passed)
                {
                    if (lambda != NoNode && seen.Add(lambda))
                    {
                        pending.Enqueue(lambda);
                    }
                }
            }

            if (_edges[x] is not { } edges)
            {
                continue;
            }

            foreach (var e in edges)
            {
                if (e == member && ThroughDispatch(x, e))
                {
                    return true;
                }

                if (!ThroughDispatch(x, e) && seen.Add(e))
                {
                    pending.Enqueue(e);
                }
            }
        }

        return false;
    }

    /// <summary>The chain a surface member's record carries: its body's, or for a public interface or virtual member (a
    /// caller may hold any implementation) the best of its implementations' bodies (a protected member is called by a
    /// subclass on itself: its own override or, through base, this body).</summary>
    private (int Via, string Rule)? Top(int n, Chains chains)
    {
        (int Via, string Rule)? best = chains.Rule[n] is { } own ? (n, own) : null;
        var bestDepth = best is null ? 0 : chains.Depth[n];
        if ((_flags[n] & NodeFlags.Virtual) == 0 || _dispatch[n] is not { } implementations || !IsPublic(n))
        {
            return best;
        }

        foreach (var c in implementations)
        {
            if (chains.Rule[c] is not { } rule)
            {
                continue;
            }

            var order = Array.IndexOf(BlockingPrimitives.ByPriority, rule);
            var depth = chains.Depth[c] + 1;
            if (best is not { } b || order < Array.IndexOf(BlockingPrimitives.ByPriority, b.Rule)
                || (rule == b.Rule && depth < bestDepth))
            {
                best = (c, rule);
                bestDepth = depth;
            }
        }

        return best;
    }

    private bool IsPublic(int n)
    {
        var a = _assemblyOf[n];
        var method = _assemblies[a].Metadata.GetMethodDefinition(MetadataTokens.MethodDefinitionHandle(n - _nodes[a].First + 1));
        return (method.Attributes & MethodAttributes.MemberAccessMask) == MethodAttributes.Public;
    }

    private bool IsVirtualDefinition(int n)
    {
        var a = _assemblyOf[n];
        var method = _assemblies[a].Metadata.GetMethodDefinition(MetadataTokens.MethodDefinitionHandle(n - _nodes[a].First + 1));
        return (method.Attributes & MethodAttributes.Virtual) != 0;
    }

    private static long Pair(int caller, int callee) => ((long)caller << 32) | (uint)callee;

    /// <summary>Per node: the rule of its chain (null: not blocking), its length and the next method on it.</summary>
    private sealed class Chains
    {
        public Chains(int count)
        {
            Rule = new string?[count];
            Depth = new int[count];
            Next = new int[count];
        }

        public string?[] Rule { get; }

        public int[] Depth { get; }

        public int[] Next { get; }

        /// <summary>Per state: reaches a blocking call through some implementation at least (not clean).</summary>
        public bool[] Reaches { get; set; } = Array.Empty<bool>();
    }

    private void MarkIncomplete()
    {
        var callers = Reverse(includeLambdas: true);
        var queue = new Queue<int>();
        for (var n = 0; n < _count; n++)
        {
            // An async method's body is not followed (its awaits do not block its caller): a synchronous member that
            // calls one, to wait for it or not, is not known to be clean.
            if ((_flags[n] & NodeFlags.Unknown) != 0 || (_flags[n] & (NodeFlags.ReturnsAwaitable | NodeFlags.HasBody)) == (NodeFlags.ReturnsAwaitable | NodeFlags.HasBody))
            {
                _flags[n] |= NodeFlags.Incomplete;
                queue.Enqueue(n);
            }
        }

        while (queue.Count > 0)
        {
            if (callers[queue.Dequeue()] is { } list)
            {
                foreach (var caller in list)
                {
                    if ((_flags[caller] & NodeFlags.Incomplete) == 0)
                    {
                        _flags[caller] |= NodeFlags.Incomplete;
                        queue.Enqueue(caller);
                    }
                }
            }
        }
    }

    /// <summary>A throw helper (<c>ThrowNotConsumedExactly</c>, <c>ThrowIfDisposed</c>): what it does, it does on the way to
    /// an exception, and a member is not reported for its error path.</summary>
    private static bool IsThrowHelper(string name) => name.StartsWith("Throw", StringComparison.Ordinal);

    internal static ILOpCode ReadOpCode(ref BlobReader il)
    {
        var b = il.ReadByte();
        return b == 0xFE ? (ILOpCode)(0xFE00 | il.ReadByte()) : (ILOpCode)b;
    }

    internal static void SkipOperand(ref BlobReader il, ILOpCode op)
    {
        int size;
        switch (op)
        {
            case ILOpCode.Ldarg_s:
            case ILOpCode.Ldarga_s:
            case ILOpCode.Starg_s:
            case ILOpCode.Ldloc_s:
            case ILOpCode.Ldloca_s:
            case ILOpCode.Stloc_s:
            case ILOpCode.Ldc_i4_s:
            case ILOpCode.Unaligned:
            case (ILOpCode)0xFE19: // no.
            case ILOpCode.Leave_s:
                size = 1;
                break;
            case ILOpCode.Ldarg:
            case ILOpCode.Ldarga:
            case ILOpCode.Starg:
            case ILOpCode.Ldloc:
            case ILOpCode.Ldloca:
            case ILOpCode.Stloc:
                size = 2;
                break;
            case ILOpCode.Ldc_i8:
            case ILOpCode.Ldc_r8:
                size = 8;
                break;
            case ILOpCode.Switch:
                size = 4 * (int)il.ReadUInt32();
                break;
            case ILOpCode.Ldc_i4:
            case ILOpCode.Ldc_r4:
            case ILOpCode.Ldstr:
            case ILOpCode.Ldfld:
            case ILOpCode.Ldflda:
            case ILOpCode.Stfld:
            case ILOpCode.Ldsfld:
            case ILOpCode.Ldsflda:
            case ILOpCode.Stsfld:
            case ILOpCode.Cpobj:
            case ILOpCode.Ldobj:
            case ILOpCode.Stobj:
            case ILOpCode.Castclass:
            case ILOpCode.Isinst:
            case ILOpCode.Unbox:
            case ILOpCode.Unbox_any:
            case ILOpCode.Box:
            case ILOpCode.Newarr:
            case ILOpCode.Ldelema:
            case ILOpCode.Ldelem:
            case ILOpCode.Stelem:
            case ILOpCode.Refanyval:
            case ILOpCode.Mkrefany:
            case ILOpCode.Ldtoken:
            case ILOpCode.Initobj:
            case ILOpCode.Constrained:
            case ILOpCode.Sizeof:
            case ILOpCode.Leave:
            case ILOpCode.Calli:
                size = 4;
                break;
            default:
                size = op.IsBranch() ? op.GetBranchOperandSize() : 0;
                break;
        }

        il.Offset += size;
    }

    internal enum TargetKind : byte
    {
        /// <summary>Nothing that matters: a framework method that does not block.</summary>
        Known,
        Node,
        Primitive,
        DelegateInvoke,
        /// <summary>A framework method that runs its delegate arguments in place (<c>List.ForEach</c>, <c>Parallel.For</c>).</summary>
        Runner,
        /// <summary>A method outside the set, or one that may do I/O the table does not list: the scan is not complete.</summary>
        Unknown,
        /// <summary>A framework method that enumerates a sequence it is given (<c>ToList</c>, <c>IEnumerator.MoveNext</c>).</summary>
        Enumerates,
    }

    /// <summary>What a call, a <c>newobj</c> or an <c>ldftn</c> names.</summary>
    internal readonly struct Target
    {
        public static readonly Target Known = new(TargetKind.Known, NoNode, null, null, false);
        public static readonly Target Unknown = new(TargetKind.Unknown, NoNode, null, null, false);
        public static readonly Target Runner = new(TargetKind.Runner, NoNode, null, null, false);
        public static readonly Target DelegateInvoke = new(TargetKind.DelegateInvoke, NoNode, null, null, false);
        public static readonly Target DelegateConstructor = new(TargetKind.Known, NoNode, null, null, true);
        public static readonly Target Enumerates = new(TargetKind.Enumerates, NoNode, null, null, false);

        /// <summary>A value tuple's constructor: what it packs goes on to the next call (a state argument).</summary>
        public static readonly Target Tuple = new(TargetKind.Known, NoNode, null, null, false, isTuple: true);

        public Target(TargetKind kind, int node, string? rule, string? primitive, bool isDelegateConstructor, bool isTuple = false)
        {
            IsTuple = isTuple;
            Kind = kind;
            Node = node;
            Rule = rule;
            Primitive = primitive;
            IsDelegateConstructor = isDelegateConstructor;
        }

        public TargetKind Kind { get; }

        public int Node { get; }

        public string? Rule { get; }

        /// <summary>"Monitor.Wait".</summary>
        public string? Primitive { get; }

        public bool IsDelegateConstructor { get; }

        public bool IsTuple { get; }

        public static Target OfNode(int node) => new(TargetKind.Node, node, null, null, false);

        public static Target OfPrimitive(string rule, string primitive) => new(TargetKind.Primitive, NoNode, rule, primitive, false);
    }

    /// <summary>The nodes of one assembly: names, ids, types and call targets, each read once.</summary>
    private sealed class AssemblyNodes
    {
        private readonly LibraryScanner _scanner;
        private readonly int _assembly;
        private readonly MetadataReader _metadata;
        private readonly Dictionary<EntityHandle, Target> _resolved = new();
        private readonly Dictionary<int, string> _memberParts = new();
        private Dictionary<string, int>? _byId;
        private readonly Dictionary<TypeDefinitionHandle, HashSet<string>> _ancestors = new();
        private readonly Dictionary<string, TypeDefinitionHandle> _typesByName = new(StringComparer.Ordinal);
        private readonly Dictionary<TypeDefinitionHandle, bool> _visible = new();
        private readonly Dictionary<string, bool> _isDelegate = new(StringComparer.Ordinal);

        public AssemblyNodes(LibraryScanner scanner, int assembly, int first)
        {
            _scanner = scanner;
            _assembly = assembly;
            _metadata = scanner._assemblies[assembly].Metadata;
            First = first;
            foreach (var handle in _metadata.TypeDefinitions)
            {
                _typesByName[DocumentationIds.TypeName(_metadata, handle)] = handle;
            }
        }

        public int First { get; }

        public int NodeOf(MethodDefinitionHandle handle) => First + MetadataTokens.GetRowNumber(handle) - 1;

        private MethodDefinitionHandle HandleOf(int node) => MetadataTokens.MethodDefinitionHandle(node - First + 1);

        public string DocumentationId(int node) => "M:" + DeclaringTypeName(node) + "." + MemberPart(node);

        public string DeclaringTypeName(int node)
            => DocumentationIds.TypeName(_metadata, _metadata.GetMethodDefinition(HandleOf(node)).GetDeclaringType());

        public string MemberPart(int node)
        {
            if (!_memberParts.TryGetValue(node, out var part))
            {
                var method = _metadata.GetMethodDefinition(HandleOf(node));
                part = DocumentationIds.Member(
                    _metadata.GetString(method.Name),
                    method.GetGenericParameters().Count,
                    method.DecodeSignature(DocumentationIds.Provider, null));
                _memberParts[node] = part;
            }

            return part;
        }

        /// <summary>The node of a method of this assembly named by its id, or <see cref="NoNode"/>.</summary>
        public int NodeOfId(string id)
        {
            if (_byId is null)
            {
                _byId = new Dictionary<string, int>(StringComparer.Ordinal);
                foreach (var handle in _metadata.MethodDefinitions)
                {
                    _byId[DocumentationId(NodeOf(handle))] = NodeOf(handle);
                }
            }

            return _byId.TryGetValue(id, out var node) ? node : NoNode;
        }

        /// <summary>"IDatabase.StringGet", "new RestClient", "SqlMapper.Query" (for a lambda in it).</summary>
        public string DisplayName(int node)
        {
            var method = _metadata.GetMethodDefinition(HandleOf(node));
            var typeHandle = method.GetDeclaringType();
            var type = _metadata.GetTypeDefinition(typeHandle);

            // A lambda's or local function's class is the compiler's: name the type that declared the method.
            while (_metadata.GetString(type.Name).StartsWith("<", StringComparison.Ordinal) && !type.GetDeclaringType().IsNil)
            {
                typeHandle = type.GetDeclaringType();
                type = _metadata.GetTypeDefinition(typeHandle);
            }

            var typeName = ShortName(_metadata.GetString(type.Name));
            var name = _metadata.GetString(method.Name);
            var stateMachine = _metadata.GetString(_metadata.GetTypeDefinition(method.GetDeclaringType()).Name);
            if (name == "MoveNext" && stateMachine.StartsWith("<", StringComparison.Ordinal))
            {
                name = stateMachine; // an iterator's body: "<QueryImpl>d__140`1" names the method it belongs to
            }

            if (name.StartsWith("<", StringComparison.Ordinal) && name.IndexOf('>') is var end && end > 1)
            {
                name = name.Substring(1, end - 1);
            }

            if (name is ".ctor" or ".cctor")
            {
                return "new " + typeName;
            }

            name = name.Substring(name.LastIndexOf('.') + 1);
            if (name.StartsWith("get_", StringComparison.Ordinal) || name.StartsWith("set_", StringComparison.Ordinal))
            {
                name = name.Substring(4);
            }

            return typeName + "." + name;
        }

        public bool IsVisible(TypeDefinitionHandle handle)
        {
            if (!_visible.TryGetValue(handle, out var visible))
            {
                var type = _metadata.GetTypeDefinition(handle);
                var visibility = type.Attributes & TypeAttributes.VisibilityMask;
                visible = visibility switch
                {
                    TypeAttributes.Public => true,
                    TypeAttributes.NestedPublic or TypeAttributes.NestedFamily or TypeAttributes.NestedFamORAssem => IsVisible(type.GetDeclaringType()),
                    _ => false,
                };
                visible &= !_metadata.GetString(type.Name).StartsWith("<", StringComparison.Ordinal);
                _visible[handle] = visible;
            }

            return visible;
        }

        public bool IsAsyncStateMachine(TypeDefinitionHandle handle)
        {
            foreach (var i in _metadata.GetTypeDefinition(handle).GetInterfaceImplementations())
            {
                if (NameOf(_metadata.GetInterfaceImplementation(i).Interface).Name == "System.Runtime.CompilerServices.IAsyncStateMachine")
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>The MoveNext of the iterator class whose constructor <paramref name="constructor"/> is, or <see cref="NoNode"/>.</summary>
        public int IsIteratorStateMachine(int constructor)
        {
            var typeHandle = _metadata.GetMethodDefinition(HandleOf(constructor)).GetDeclaringType();
            var type = _metadata.GetTypeDefinition(typeHandle);
            if (!_metadata.GetString(type.Name).StartsWith("<", StringComparison.Ordinal))
            {
                return NoNode;
            }

            var enumerator = false;
            foreach (var i in type.GetInterfaceImplementations())
            {
                enumerator |= NameOf(_metadata.GetInterfaceImplementation(i).Interface).Name == "System.Collections.IEnumerator";
            }

            if (!enumerator)
            {
                return NoNode;
            }

            foreach (var method in type.GetMethods())
            {
                if (_metadata.StringComparer.Equals(_metadata.GetMethodDefinition(method).Name, "MoveNext"))
                {
                    return NodeOf(method);
                }
            }

            return NoNode;
        }

        public bool IsDelegateType(TypeDefinitionHandle handle)
        {
            var baseType = _metadata.GetTypeDefinition(handle).BaseType;
            return !baseType.IsNil && NameOf(baseType).Name == "System.MulticastDelegate";
        }

        public static bool ReturnsAwaitable(MethodDefinition method)
        {
            var signature = method.DecodeSignature(DocumentationIds.Provider, null);
            return IsAwaitable(signature.ReturnType);
        }

        /// <summary>Whether the member is the Begin… half of the asynchronous programming model: it returns an
        /// <c>IAsyncResult</c> and takes the <c>AsyncCallback</c> that the operation's completion calls.</summary>
        public bool BeginsAsyncOperation(int node)
        {
            var signature = _metadata.GetMethodDefinition(HandleOf(node)).DecodeSignature(DocumentationIds.Provider, null);
            if (signature.ReturnType != "System.IAsyncResult")
            {
                return false;
            }

            foreach (var parameter in signature.ParameterTypes)
            {
                if (parameter == "System.AsyncCallback")
                {
                    return true;
                }
            }

            return false;
        }

        private static bool IsAwaitable(string type)
            => type is "System.Threading.Tasks.Task" or "System.Threading.Tasks.ValueTask"
                || type.StartsWith("System.Threading.Tasks.Task{", StringComparison.Ordinal)
                || type.StartsWith("System.Threading.Tasks.ValueTask{", StringComparison.Ordinal);

        public int[] DelegateParameterOrdinals(int node) => DelegateParameterOrdinals(_metadata.GetMethodDefinition(HandleOf(node)));

        /// <summary>The MoveNext of the async state machine that declares <paramref name="field"/>, or <see cref="NoNode"/>.</summary>
        public int AsyncStateMachineBody(EntityHandle field)
        {
            TypeDefinitionHandle type;
            if (field.Kind == HandleKind.FieldDefinition)
            {
                type = _metadata.GetFieldDefinition((FieldDefinitionHandle)field).GetDeclaringType();
            }
            else if (field.Kind == HandleKind.MemberReference
                && NameOf(_metadata.GetMemberReference((MemberReferenceHandle)field).Parent) is { Assembly: null } parent
                && _typesByName.TryGetValue(parent.Name, out var definition))
            {
                type = definition;
            }
            else
            {
                return NoNode;
            }

            if (!IsAsyncStateMachine(type))
            {
                return NoNode;
            }

            foreach (var method in _metadata.GetTypeDefinition(type).GetMethods())
            {
                if (_metadata.StringComparer.Equals(_metadata.GetMethodDefinition(method).Name, "MoveNext"))
                {
                    return NodeOf(method);
                }
            }

            return NoNode;
        }

        /// <summary>Ordinals of the declared parameters whose type is a delegate.</summary>
        public int[] DelegateParameterOrdinals(MethodDefinition method)
        {
            var parameters = method.DecodeSignature(DocumentationIds.Provider, null).ParameterTypes;
            List<int>? ordinals = null;
            for (var i = 0; i < parameters.Length; i++)
            {
                if (IsDelegate(parameters[i]))
                {
                    (ordinals ??= new List<int>()).Add(i);
                }
            }

            return ordinals?.ToArray() ?? Array.Empty<int>();
        }

        private bool IsDelegate(string type)
        {
            if (!_isDelegate.TryGetValue(type, out var isDelegate))
            {
                _isDelegate[type] = isDelegate = IsDelegateUncached(type);
            }

            return isDelegate;
        }

        private bool IsDelegateUncached(string type)
        {
            if (type.StartsWith("System.Func{", StringComparison.Ordinal) || type == "System.Action" || type.StartsWith("System.Action{", StringComparison.Ordinal)
                || type.StartsWith("System.Predicate{", StringComparison.Ordinal))
            {
                return true;
            }

            var open = type.IndexOf('{') is var brace && brace > 0 ? type.Substring(0, brace) : type;
            foreach (var a in _scanner._closures[_assembly])
            {
                var nodes = _scanner._nodes[a];
                foreach (var candidate in brace > 0 ? TypesNamedLike(open) : new[] { open })
                {
                    if (nodes._typesByName.TryGetValue(candidate, out var handle) && nodes.IsDelegateType(handle))
                    {
                        return true;
                    }
                }
            }

            return false;
        }

        private static IEnumerable<string> TypesNamedLike(string openWithoutArity)
        {
            for (var arity = 1; arity <= 4; arity++)
            {
                yield return openWithoutArity + "`" + arity;
            }
        }

        /// <summary>Whether <paramref name="node"/> is a data reader's read of its current row (<see cref="FrameworkAssemblies.ReadsCurrentRow"/>).</summary>
        public bool ReadsCurrentRow(int node)
            => FrameworkAssemblies.ReadsCurrentRow(_metadata.GetString(_metadata.GetMethodDefinition(HandleOf(node)).Name))
                && DerivesFrom(node, FrameworkAssemblies.DataReader);

        public bool HasAsyncTwin(int node)
        {
            var method = _metadata.GetMethodDefinition(HandleOf(node));
            var name = _metadata.GetString(method.Name);
            if (name.StartsWith("get_", StringComparison.Ordinal) || name.StartsWith("set_", StringComparison.Ordinal)
                || name.StartsWith(".", StringComparison.Ordinal))
            {
                return false;
            }

            var twin = name + "Async";
            foreach (var sibling in _metadata.GetTypeDefinition(method.GetDeclaringType()).GetMethods())
            {
                if (_metadata.StringComparer.Equals(_metadata.GetMethodDefinition(sibling).Name, twin))
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>Whether the member returns a sequence that does its work when enumerated (Azure's <c>Pageable&lt;T&gt;</c>,
        /// an iterator): the call is quick, the <c>foreach</c> after it is not, and the analyzer reports only the call.</summary>
        public bool ReturnsLazySequence(int node)
        {
            var type = _metadata.GetMethodDefinition(HandleOf(node)).DecodeSignature(DocumentationIds.Provider, null).ReturnType;
            if (type == "System.String" || type.EndsWith("]", StringComparison.Ordinal))
            {
                return false;
            }

            var open = OpenName(type);
            if (open is "System.Collections.IEnumerable" or "System.Collections.Generic.IEnumerable`1" or "System.Linq.IQueryable`1"
                or "System.Linq.IOrderedEnumerable`1")
            {
                return true;
            }

            foreach (var a in _scanner._closures[_assembly])
            {
                var nodes = _scanner._nodes[a];
                if (nodes._typesByName.TryGetValue(open, out var definition))
                {
                    var ancestors = nodes.AncestorsOf(definition);
                    return ancestors.Contains("System.Collections.IEnumerable") || ancestors.Contains("System.Collections.Generic.IEnumerable`1");
                }
            }

            return false;
        }

        /// <summary>"Azure.Pageable`1" for "Azure.Pageable{Azure.Storage.Blobs.Models.BlobItem}".</summary>
        private static string OpenName(string type)
        {
            var brace = type.IndexOf('{');
            if (brace < 0)
            {
                return type;
            }

            var arity = 1;
            var depth = 0;
            for (var i = brace; i < type.Length; i++)
            {
                depth += type[i] == '{' ? 1 : type[i] == '}' ? -1 : 0;
                arity += depth == 1 && type[i] == ',' ? 1 : 0;
            }

            return type.Substring(0, brace) + "`" + arity.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }

        /// <summary>Whether the type declaring <paramref name="node"/> is, derives from or implements <paramref name="type"/>.</summary>
        public bool DerivesFrom(int node, string type)
            => AncestorsOf(_metadata.GetMethodDefinition(HandleOf(node)).GetDeclaringType()).Contains(type);

        private HashSet<string> AncestorsOf(TypeDefinitionHandle handle)
        {
            if (_ancestors.TryGetValue(handle, out var ancestors))
            {
                return ancestors;
            }

            ancestors = new HashSet<string>(StringComparer.Ordinal) { DocumentationIds.TypeName(_metadata, handle) };
            _ancestors[handle] = ancestors; // a cycle (invalid metadata) ends here
            var type = _metadata.GetTypeDefinition(handle);
            var supers = new List<EntityHandle>();
            if (!type.BaseType.IsNil)
            {
                supers.Add(type.BaseType);
            }

            foreach (var i in type.GetInterfaceImplementations())
            {
                supers.Add(_metadata.GetInterfaceImplementation(i).Interface);
            }

            foreach (var super in supers)
            {
                var (name, assembly) = NameOf(super);
                if (name.Length == 0)
                {
                    continue;
                }

                ancestors.Add(name);
                var owner = assembly is null ? _assembly : _scanner._assemblyByName.TryGetValue(assembly, out var a) ? a : NoNode;
                if (owner != NoNode && _scanner._nodes[owner]._typesByName.TryGetValue(name, out var definition))
                {
                    ancestors.UnionWith(_scanner._nodes[owner].AncestorsOf(definition));
                }
            }

            return ancestors;
        }

        /// <summary>A type's name (generic instantiations by their definition: "System.Threading.Tasks.Task`1") and the
        /// assembly that defines it (null: this one).</summary>
        private (string Name, string? Assembly) NameOf(EntityHandle handle)
        {
            switch (handle.Kind)
            {
                case HandleKind.TypeDefinition:
                    return (DocumentationIds.TypeName(_metadata, (TypeDefinitionHandle)handle), null);
                case HandleKind.TypeReference:
                    {
                        var reference = _metadata.GetTypeReference((TypeReferenceHandle)handle);
                        var name = DocumentationIds.Provider.GetTypeFromReference(_metadata, (TypeReferenceHandle)handle, 0);
                        var scope = reference.ResolutionScope;
                        while (scope.Kind == HandleKind.TypeReference)
                        {
                            scope = _metadata.GetTypeReference((TypeReferenceHandle)scope).ResolutionScope;
                        }

                        return (name, scope.Kind == HandleKind.AssemblyReference
                            ? _metadata.GetString(_metadata.GetAssemblyReference((AssemblyReferenceHandle)scope).Name)
                            : null);
                    }

                case HandleKind.TypeSpecification:
                    {
                        var blob = _metadata.GetBlobReader(_metadata.GetTypeSpecification((TypeSpecificationHandle)handle).Signature);
                        if (blob.ReadSignatureTypeCode() == SignatureTypeCode.GenericTypeInstance)
                        {
                            blob.ReadSignatureTypeCode();
                            return NameOf(blob.ReadTypeHandle());
                        }

                        return (string.Empty, null);
                    }

                default:
                    return (string.Empty, null);
            }
        }

        /// <summary>Adds the framework interfaces this assembly's types implement.</summary>
        public void AddFrameworkInterfaces(HashSet<string> names)
        {
            foreach (var type in _metadata.TypeDefinitions)
            {
                foreach (var handle in _metadata.GetTypeDefinition(type).GetInterfaceImplementations())
                {
                    var (name, assembly) = NameOf(_metadata.GetInterfaceImplementation(handle).Interface);
                    if (assembly is not null && !_scanner._assemblyByName.ContainsKey(assembly) && FrameworkAssemblies.IsFramework(assembly))
                    {
                        names.Add(name);
                    }
                }
            }
        }

        public bool IsTimeSpanZero(EntityHandle field)
        {
            if (field.Kind != HandleKind.MemberReference)
            {
                return false;
            }

            var reference = _metadata.GetMemberReference((MemberReferenceHandle)field);
            return _metadata.StringComparer.Equals(reference.Name, "Zero") && NameOf(reference.Parent).Name == "System.TimeSpan";
        }

        public Target Resolve(EntityHandle handle)
        {
            if (!_resolved.TryGetValue(handle, out var target))
            {
                target = ResolveUncached(handle);
                _resolved[handle] = target;
            }

            return target;
        }

        private Target ResolveUncached(EntityHandle handle)
        {
            switch (handle.Kind)
            {
                case HandleKind.MethodDefinition:
                    {
                        var method = _metadata.GetMethodDefinition((MethodDefinitionHandle)handle);
                        if (IsDelegateType(method.GetDeclaringType()))
                        {
                            return _metadata.StringComparer.Equals(method.Name, "Invoke") ? Target.DelegateInvoke
                                : _metadata.StringComparer.Equals(method.Name, ".ctor") ? Target.DelegateConstructor
                                : Target.Known;
                        }

                        return IsThrowHelper(_metadata.GetString(method.Name)) ? Target.Known : Target.OfNode(NodeOf((MethodDefinitionHandle)handle));
                    }

                case HandleKind.MethodSpecification:
                    return Resolve(_metadata.GetMethodSpecification((MethodSpecificationHandle)handle).Method);
                case HandleKind.MemberReference:
                    return ResolveReference((MemberReferenceHandle)handle);
                default:
                    return Target.Known;
            }
        }

        private Target ResolveReference(MemberReferenceHandle handle)
        {
            var reference = _metadata.GetMemberReference(handle);
            if (reference.GetKind() != MemberReferenceKind.Method)
            {
                return Target.Known;
            }

            var (type, assembly) = NameOf(reference.Parent);
            if (type.Length == 0)
            {
                return Target.Known; // a method of an array type (Get, Set, Address)
            }

            var name = _metadata.GetString(reference.Name);
            var owner = assembly is null ? _assembly : _scanner._assemblyByName.TryGetValue(assembly, out var a) ? a : NoNode;
            if (owner != NoNode)
            {
                var nodes = _scanner._nodes[owner];
                if (nodes._typesByName.TryGetValue(type, out var definition) && nodes.IsDelegateType(definition))
                {
                    return name == "Invoke" ? Target.DelegateInvoke : name == ".ctor" ? Target.DelegateConstructor : Target.Known;
                }

                var signature = reference.DecodeMethodSignature(DocumentationIds.Provider, null);
                var node = nodes.NodeOfId("M:" + type + "." + DocumentationIds.Member(name, signature.GenericParameterCount, signature));
                return node == NoNode ? Target.Unknown : IsThrowHelper(name) ? Target.Known : Target.OfNode(node);
            }

            if (!FrameworkAssemblies.IsFramework(assembly!))
            {
                return Target.Unknown;
            }

            // A framework interface the set implements (IQueryProvider.Execute of a LINQ provider): the scan does not
            // follow the call into the set's implementations, so it does not know what the call does.
            return _scanner._frameworkInterfacesImplemented.Contains(type) && !FrameworkAssemblies.IsHarmlessInterface(type)
                && BlockingPrimitives.RuleOf(type, name) is null
                ? Target.Unknown
                : FrameworkTarget(type, name);
        }

        private static Target FrameworkTarget(string type, string name)
        {
            if (BlockingPrimitives.RuleOf(type, name) is { } rule)
            {
                var shortType = ShortName(type.Substring(type.LastIndexOf('.') + 1));
                return Target.OfPrimitive(
                    rule,
                    name == ".ctor" ? "new " + shortType : shortType + "." + (name.StartsWith("get_", StringComparison.Ordinal) ? name.Substring(4) : name));
            }

            if (name == ".ctor" && (type is "System.Action" or "System.AsyncCallback" or "System.EventHandler" || type.StartsWith("System.Func`", StringComparison.Ordinal)
                || type.StartsWith("System.Action`", StringComparison.Ordinal) || type.StartsWith("System.Predicate`", StringComparison.Ordinal)
                || type.StartsWith("System.EventHandler`", StringComparison.Ordinal) || type.StartsWith("System.Comparison`", StringComparison.Ordinal)
                || type.StartsWith("System.Converter`", StringComparison.Ordinal) || type == "System.Threading.ThreadStart" || type == "System.Threading.WaitCallback"
                || type == "System.Threading.TimerCallback" || type == "System.Threading.ParameterizedThreadStart" || type == "System.Threading.SendOrPostCallback"))
            {
                return Target.DelegateConstructor;
            }

            if (name == "Invoke" && (type == "System.Action" || type.StartsWith("System.Func`", StringComparison.Ordinal) || type.StartsWith("System.Action`", StringComparison.Ordinal)
                || type.StartsWith("System.Predicate`", StringComparison.Ordinal)))
            {
                return Target.DelegateInvoke;
            }

            if (FrameworkAssemblies.RunsDelegates(type, name))
            {
                return Target.Runner;
            }

            if (FrameworkAssemblies.Enumerates(type, name))
            {
                return Target.Enumerates;
            }

            if (name == ".ctor" && (type.StartsWith("System.ValueTuple`", StringComparison.Ordinal) || type.StartsWith("System.Tuple`", StringComparison.Ordinal)))
            {
                return Target.Tuple;
            }

            return FrameworkAssemblies.MayDoIo(type) ? Target.Unknown : Target.Known;
        }

        private static string ShortName(string name)
        {
            var tick = name.IndexOf('`');
            return tick > 0 ? name.Substring(0, tick) : name;
        }
    }

    /// <summary>Whether a branch arrives after <paramref name="from"/> and at or before <paramref name="to"/>.</summary>
    private static bool JoinsBetween(HashSet<int> targets, int from, int to)
    {
        foreach (var target in targets)
        {
            if (target > from && target <= to)
            {
                return true;
            }
        }

        return false;
    }
}
