using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Threading;
using BurstAnalyzers.Incremental;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Methods registered as request handlers by method group (<c>app.MapGet("/x", Reports.Get)</c>, a local function of
/// Program.cs, <c>app.Use(Middleware)</c>): nothing in the method says it is a handler; its registration does, often in
/// another file. So that the method's own calls are judged where they are written — in a build and in an editor that
/// analyses the method's document alone, the same way — the handler model asks here for every method it classifies.
/// <para>
/// Cheap for the many methods that are not registered: each tree's registration calls are found once from syntax (a
/// call named Map…, Use or Run with an argument that may be a method group) and kept with the tree; only a method whose
/// name one of them passes is checked against them. What a registration call names is bound once and kept with its
/// tree too, under the compilation's <see cref="CompilationStamp"/> (docs/architecture.md, "Kept across keystrokes"):
/// it depends on declarations alone, so a keystroke in a body binds no registration again — binding one binds the
/// whole method it is written in, often a composition root of hundreds of lines.
/// </para>
/// </summary>
internal sealed class MethodGroupRegistrations
{
    private static readonly ConditionalWeakTable<SyntaxTree, Candidates> s_byTree = new();
    private static readonly ConditionalWeakTable<SyntaxTree, Candidates>.CreateValueCallback s_scan = Scan;
    private static readonly Func<SyntaxTree, ImmutableArray<(string Name, SyntaxReference Call)>> s_callsOf = tree => s_byTree.GetValue(tree, s_scan).Calls;

    // The candidate calls of all trees by name, kept for the next compilation whose replaced trees have none either.
    private static readonly KeptTreeUnion<ImmutableArray<(string Name, SyntaxReference Call)>, Dictionary<string, List<SyntaxReference>>> s_index
        = new(static (calls, replacedCalls) => calls.IsEmpty && replacedCalls.IsEmpty, Index);

    private readonly HandlerDelegates _delegates;
    private readonly OffloadMarkers _offload;
    private readonly Lazy<Dictionary<string, List<SyntaxReference>>> _byName;
    private readonly KeptCallAnswers<Registration?> _named;
    private readonly Func<IInvocationOperation, Registration?> _name;
    private readonly ConcurrentDictionary<IMethodSymbol, Registration?> _registrationOf = new(SymbolEqualityComparer.Default);
    private readonly Compilation _compilation;
    private readonly ConcurrentDictionary<SyntaxReference, ImmutableArray<INamedTypeSymbol>> _scopeTypes = new();
    private readonly Lazy<bool> _globalStaticImports;

    public MethodGroupRegistrations(Compilation compilation, HandlerDelegates delegates, OffloadMarkers offload)
    {
        _compilation = compilation;
        _delegates = delegates;
        _offload = offload;
        _globalStaticImports = new Lazy<bool>(() => HasGlobalStaticImports(compilation), LazyThreadSafetyMode.ExecutionAndPublication);

        // The candidates depend on their tree alone: no stamp.
        _byName = new Lazy<Dictionary<string, List<SyntaxReference>>>(() => s_index.Get(compilation, DeclarationFingerprint.Start(), s_callsOf), LazyThreadSafetyMode.ExecutionAndPublication);
        _named = new KeptCallAnswers<Registration?>(compilation);
        _name = Name;
    }

    /// <summary>The first registration, in source order, that passes <paramref name="method"/> as a request handler by
    /// method group; null when none does.</summary>
    public Registration? RegistrationOf(IMethodSymbol method, CancellationToken cancellationToken)
    {
        if (method.MethodKind is not (MethodKind.Ordinary or MethodKind.LocalFunction) || !_byName.Value.TryGetValue(method.Name, out var candidates))
        {
            return null;
        }

        // A partial method's body is its implementing part; a registration names the declaration.
        method = (method.PartialDefinitionPart ?? method).OriginalDefinition;
        if (_registrationOf.TryGetValue(method, out var known))
        {
            return known;
        }

        Registration? found = null;
        if (KeyOf(method) is { } key)
        {
            foreach (var candidate in candidates)
            {
                if (MayName(candidate, method, cancellationToken) && Named(candidate, cancellationToken) is { } named && named.Method == key)
                {
                    found = named;
                    break;
                }
            }
        }

        return _registrationOf.GetOrAdd(method, found);
    }

    /// <summary>
    /// Whether <paramref name="candidate"/> may pass <paramref name="method"/>, an ordinary method, without binding it
    /// (binding a registration binds the whole method it is written in; each module's <c>MapGet("/health", Health)</c>
    /// made the first <c>Health</c> classified bind every other module's). False only when it is certain: every argument
    /// of that name is a simple name (<c>Health</c>, <c>Get&lt;T&gt;</c>), which finds a method only among the members of
    /// the types the call is written in and of their bases (and, conservatively here, their interfaces and the types
    /// nested in them), the call is written in a type declaration (top-level statements look in a Program the source
    /// may declare too), and neither its tree nor a global using imports a type's static members.
    /// </summary>
    private bool MayName(SyntaxReference candidate, IMethodSymbol method, CancellationToken cancellationToken)
    {
        if (method.MethodKind != MethodKind.Ordinary || method.ContainingType is not { } containing
            || candidate.GetSyntax(cancellationToken) is not InvocationExpressionSyntax call)
        {
            return true;
        }

        foreach (var argument in call.ArgumentList.Arguments)
        {
            if (argument.Expression is not (IdentifierNameSyntax or GenericNameSyntax) && MethodGroupName(argument.Expression) == method.Name)
            {
                return true;
            }
        }

        var scope = _scopeTypes.GetOrAdd(candidate, _ => ScopeTypes(call, cancellationToken));
        if (scope.IsDefault)
        {
            return true;
        }

        var owner = containing.OriginalDefinition;
        foreach (var type in scope)
        {
            for (var current = type; current is not null; current = current.BaseType)
            {
                if (SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, owner))
                {
                    return true;
                }
            }

            foreach (var contract in type.AllInterfaces)
            {
                if (SymbolEqualityComparer.Default.Equals(contract.OriginalDefinition, owner))
                {
                    return true;
                }
            }

            for (var outer = owner.ContainingType; outer is not null; outer = outer.ContainingType)
            {
                if (SymbolEqualityComparer.Default.Equals(outer.OriginalDefinition, type.OriginalDefinition))
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>The types a simple name in <paramref name="call"/> is looked up in, innermost first; default when the
    /// look-up may reach further (a static import, no type declaration around the call, a type not found).</summary>
    private ImmutableArray<INamedTypeSymbol> ScopeTypes(InvocationExpressionSyntax call, CancellationToken cancellationToken)
    {
        if (_globalStaticImports.Value || HasStaticImports(call.SyntaxTree.GetRoot(cancellationToken)))
        {
            return default;
        }

#pragma warning disable RS1030 // The registration is in another tree than the one analysed; only its declarations are asked.
        var model = _compilation.GetSemanticModel(call.SyntaxTree);
#pragma warning restore RS1030
        var types = ImmutableArray.CreateBuilder<INamedTypeSymbol>();
        for (var node = call.Parent; node is not null; node = node.Parent)
        {
            if (node is TypeDeclarationSyntax declaration)
            {
                if (model.GetDeclaredSymbol(declaration, cancellationToken) is not { } type)
                {
                    return default;
                }

                types.Add(type);
            }
        }

        return types.Count == 0 ? default : types.ToImmutable();
    }

    /// <summary>A <c>using static</c> of the tree, in its compilation unit or any namespace block.</summary>
    private static bool HasStaticImports(SyntaxNode root)
    {
        if (root is not CompilationUnitSyntax unit)
        {
            return true;
        }

        return HasStaticImport(unit.Usings) || HasStaticImportIn(unit.Members);

        static bool HasStaticImportIn(SyntaxList<MemberDeclarationSyntax> members)
        {
            foreach (var member in members)
            {
                if (member is BaseNamespaceDeclarationSyntax ns && (HasStaticImport(ns.Usings) || HasStaticImportIn(ns.Members)))
                {
                    return true;
                }
            }

            return false;
        }
    }

    private static bool HasStaticImport(SyntaxList<UsingDirectiveSyntax> usings)
    {
        foreach (var directive in usings)
        {
            if (directive.StaticKeyword.IsKind(SyntaxKind.StaticKeyword))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>A <c>global using static</c> in any tree (or usings the compilation's options add, as a script's do).</summary>
    private static bool HasGlobalStaticImports(Compilation compilation)
    {
        if (compilation.Options is CSharpCompilationOptions { Usings.Length: > 0 })
        {
            return true;
        }

        foreach (var tree in compilation.SyntaxTrees)
        {
            if (tree.GetRoot() is CompilationUnitSyntax unit)
            {
                foreach (var directive in unit.Usings)
                {
                    if (directive.GlobalKeyword.IsKind(SyntaxKind.GlobalKeyword) && directive.StaticKeyword.IsKind(SyntaxKind.StaticKeyword))
                    {
                        return true;
                    }
                }
            }
        }

        return false;
    }

    /// <summary>What a registration call names, kept with its tree while the declarations stay the same.</summary>
    private Registration? Named(SyntaxReference candidate, CancellationToken cancellationToken)
        => _named.Get(candidate, s_byTree.GetValue(candidate.SyntaxTree, s_scan).Named, _name, cancellationToken);

    private Registration? Name(IInvocationOperation registration)
        => _delegates.MethodGroupHandler(registration) is { } registered
            && KeyOf((registered.PartialDefinitionPart ?? registered).OriginalDefinition) is { } key
                ? new Registration(key, HandlerDelegates.Describe(registration), _offload.IsOffloaded(registered, registration))
                : null;

    /// <summary>The method as a kept registration names it: where it is declared, which a later compilation with the
    /// same declarations finds again (<see cref="MethodLocator"/>); a local function by its containing method and name.</summary>
    private static string? KeyOf(IMethodSymbol method)
        => method.MethodKind == MethodKind.LocalFunction
            ? method.ContainingSymbol is IMethodSymbol container && MethodLocator.For(container.OriginalDefinition) is { } outer ? outer.ToString() + "|" + method.Name : null
            : MethodLocator.For(method)?.ToString();

    /// <summary>
    /// The candidate registrations of every tree, by the name of the method each may pass, in source order. Kept for
    /// the next compilation when the trees it replaces and its own have no candidate (<see cref="KeptTreeUnion{TPart, TWhole}"/>):
    /// the calls it holds are then in trees this compilation holds too.
    /// </summary>
    private static Dictionary<string, List<SyntaxReference>> Index(ImmutableArray<(string Name, SyntaxReference Call)>[] callsByTree)
    {
        var byName = new Dictionary<string, List<SyntaxReference>>(StringComparer.Ordinal);
        foreach (var treeCalls in callsByTree)
        {
            foreach (var (name, call) in treeCalls)
            {
                if (!byName.TryGetValue(name, out var calls))
                {
                    byName[name] = calls = new List<SyntaxReference>(1);
                }

                calls.Add(call);
            }
        }

        return byName;
    }

    /// <summary>The calls of one tree that may register a method group as a handler, with the name each passes.</summary>
    /// <summary>The tree's candidate registration calls, each with the name of a method group it passes, in source order.</summary>
    internal static ImmutableArray<(string Name, SyntaxReference Call)> CandidatesOf(SyntaxTree tree) => s_callsOf(tree);

    private static Candidates Scan(SyntaxTree tree)
    {
        var calls = ImmutableArray.CreateBuilder<(string, SyntaxReference)>();
        if (NamesInText.PositionsOfNames(tree, s_registrationNames) is not { } positions)
        {
            foreach (var node in tree.GetRoot().DescendantNodes())
            {
                if (node is InvocationExpressionSyntax invocation && IsCandidate(invocation))
                {
                    AddCalls(invocation, calls);
                }
            }

            return new Candidates(calls.ToImmutable());
        }

        // Most trees name no registration method, and the others few: only the calls whose name is at one of the
        // positions are looked at, not every node of the tree (a "Run" of Task.Run lets a tree through the text).
        var invocations = new List<InvocationExpressionSyntax>();
        if (positions.Count > 0)
        {
            var root = tree.GetRoot();
            var seen = new HashSet<InvocationExpressionSyntax>();
            foreach (var position in positions)
            {
                if (InvocationNamedAt(root, position) is { } invocation && seen.Add(invocation))
                {
                    invocations.Add(invocation);
                }
            }

            // In the order a walk of the tree meets them (the registrations of a name are tried in source order): by
            // start, and an enclosing call (app.Use(a).Run(B) around app.Use(a)) before the calls inside it.
            invocations.Sort(static (left, right) => left.SpanStart != right.SpanStart ? left.SpanStart.CompareTo(right.SpanStart) : right.Span.Length.CompareTo(left.Span.Length));
        }

        foreach (var invocation in invocations)
        {
            AddCalls(invocation, calls);
        }

        return new Candidates(calls.ToImmutable());
    }

    /// <summary>The candidate call whose invoked name is the identifier at <paramref name="position"/> (or just after it,
    /// behind an <c>@</c>); null if there is none.</summary>
    private static InvocationExpressionSyntax? InvocationNamedAt(SyntaxNode root, int position)
    {
        var token = root.FindToken(position);
        if (!token.IsKind(SyntaxKind.IdentifierToken) || token.Span.Start < position - 1 || token.Span.Start > position || token.Parent is not SimpleNameSyntax name)
        {
            return null;
        }

        ExpressionSyntax invoked = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : name;
        return invoked.Parent is InvocationExpressionSyntax invocation && invocation.Expression == invoked && IsCandidate(invocation) ? invocation : null;
    }

    private static bool IsCandidate(InvocationExpressionSyntax invocation)
        => invocation.ArgumentList.Arguments.Count > 0 && IsRegistrationName(InvokedName(invocation.Expression));

    private static void AddCalls(InvocationExpressionSyntax invocation, ImmutableArray<(string, SyntaxReference)>.Builder calls)
    {
        foreach (var argument in invocation.ArgumentList.Arguments)
        {
            if (MethodGroupName(argument.Expression) is { } name)
            {
                calls.Add((name, invocation.GetReference()));
            }
        }
    }

    /// <summary>The name a call is made by (<c>app.MapGet</c>, <c>AddStores</c>), for the syntax scans of this folder
    /// that find calls by name; null for any other form.</summary>
    internal static string? InvokedName(ExpressionSyntax expression) => expression switch
    {
        MemberAccessExpressionSyntax access => access.Name.Identifier.ValueText,
        SimpleNameSyntax name => name.Identifier.ValueText,
        _ => null,
    };

    // The names IsRegistrationName accepts, also the text pre-filter of Scan: one list, so the two cannot drift apart.
    private static readonly string[] s_registrationNames = ["Map", "MapGet", "MapPost", "MapPut", "MapDelete", "MapPatch", "MapMethods", "MapFallback", "Use", "Run"];

    /// <summary>The registration methods <see cref="HandlerDelegates"/> knows, by name only (the binding decides).</summary>
    private static bool IsRegistrationName(string? name) => name is not null && Array.IndexOf(s_registrationNames, name) >= 0;

    /// <summary>The method name an argument names if it is a method group: <c>Get</c>, <c>Reports.Get</c>, <c>Get&lt;T&gt;</c>.</summary>
    private static string? MethodGroupName(ExpressionSyntax expression) => expression switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        GenericNameSyntax generic => generic.Identifier.ValueText,
        MemberAccessExpressionSyntax { RawKind: (int)SyntaxKind.SimpleMemberAccessExpression } access => access.Name.Identifier.ValueText,
        _ => null,
    };

    /// <summary>A method registered by method group: how the registration names the handler, and whether it is offloaded
    /// there (its endpoint filter).</summary>
    internal sealed class Registration
    {
        public Registration(string method, string display, bool offloaded)
        {
            Method = method;
            Display = display;
            Offloaded = offloaded;
        }

        /// <summary>The registered method, as <see cref="KeyOf"/> names it.</summary>
        public string Method { get; }

        /// <summary>"MapGet(\"/orders\")".</summary>
        public string Display { get; }

        public bool Offloaded { get; }
    }

    private sealed class Candidates
    {
        public Candidates(ImmutableArray<(string Name, SyntaxReference Call)> calls) => Calls = calls;

        public ImmutableArray<(string Name, SyntaxReference Call)> Calls { get; }

        /// <summary>What each call names, by its position, under the stamp it was bound with.</summary>
        public KeptCallAnswers<Registration?>.Kept Named { get; } = new();
    }
}
