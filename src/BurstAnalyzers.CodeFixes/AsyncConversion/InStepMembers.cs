using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.CodeFixes;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// The members whose signature changes in step with a method the fix makes async, because a call may run any of them:
/// its override family (the abstract or virtual member at its top and every override in the solution, Tranga's
/// <c>Connector.GetChapters</c> and its three connectors) or an interface method's other implementations. Each must be
/// convertible under the rules that apply to the method itself — declared in the solution, written in its own file, no
/// <c>ref</c>/<c>out</c> parameter, not unsafe, not a public API the library policy keeps, not implementing another
/// contract — or none is (all or none): a member left in the old shape would stop overriding or implementing it.
/// An abstract member is retyped like an interface method, wherever in the solution; a member with a body must be in
/// the project of the method converted (the one whose bodies the chain fix walked for blocking calls): one the fix
/// awaits nothing in returns a completed task (<see cref="FunctionEdit.Awaitless"/>), one it awaits in is converted as
/// its own function.
/// </summary>
internal sealed class InStepMembers
{
    private readonly List<ContractEdit> _contracts = new();
    private readonly List<IMethodSymbol> _symbols = new();
    private readonly List<FunctionEdit> _edits = new();

    private InStepMembers()
    {
    }

    /// <summary>The rest of <paramref name="method"/>'s override family, or null when one of them cannot change.</summary>
    public static async Task<InStepMembers?> OverrideFamilyAsync(IMethodSymbol method, SignatureChange change, Project project, PublicApiScope publicApi, CancellationToken cancellationToken)
    {
        var top = method.OriginalDefinition;
        while (top.OverriddenMethod is { } overridden)
        {
            top = overridden.OriginalDefinition;
        }

        var members = new List<IMethodSymbol> { top };
        members.AddRange((await SymbolFinder.FindOverridesAsync(top, project.Solution, cancellationToken: cancellationToken).ConfigureAwait(false)).OfType<IMethodSymbol>());
        return await OfAsync(members, method, interfaceMethod: null, change, project, publicApi, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The interface method's implementations in the solution other than <paramref name="method"/>, or null
    /// when one of them cannot change.</summary>
    public static async Task<InStepMembers?> OtherImplementationsAsync(IMethodSymbol interfaceMethod, IMethodSymbol method, SignatureChange change, Project project, PublicApiScope publicApi, CancellationToken cancellationToken)
    {
        var members = new List<IMethodSymbol>((await SymbolFinder.FindImplementationsAsync(interfaceMethod, project.Solution, cancellationToken: cancellationToken).ConfigureAwait(false)).OfType<IMethodSymbol>());
        return await OfAsync(members, method, interfaceMethod, change, project, publicApi, cancellationToken).ConfigureAwait(false);
    }

    public void AddTo(ImmutableArray<ContractEdit>.Builder contracts, ImmutableArray<IMethodSymbol>.Builder awaitedBy, ImmutableArray<FunctionEdit>.Builder inStep)
    {
        contracts.AddRange(_contracts);
        awaitedBy.AddRange(_symbols);
        inStep.AddRange(_edits);
    }

    private static async Task<InStepMembers?> OfAsync(List<IMethodSymbol> members, IMethodSymbol method, IMethodSymbol? interfaceMethod, SignatureChange change, Project project, PublicApiScope publicApi, CancellationToken cancellationToken)
    {
        var own = OnlyDeclaration(method);
        var seen = new HashSet<SyntaxReference>(new SameDeclaration());
        var result = new InStepMembers();
        foreach (var member in members)
        {
            if (OnlyDeclaration(member) is not { } reference)
            {
                return null; // declared outside the solution (a package's or the framework's), or in parts
            }

            if ((own is not null && SameDeclaration.Same(reference, own)) || !seen.Add(reference))
            {
                continue;
            }

            if (!await result.AddAsync(reference, interfaceMethod, change, project, publicApi, cancellationToken).ConfigureAwait(false))
            {
                return null;
            }
        }

        return result;
    }

    private async Task<bool> AddAsync(SyntaxReference reference, IMethodSymbol? interfaceMethod, SignatureChange change, Project project, PublicApiScope publicApi, CancellationToken cancellationToken)
    {
        var solution = project.Solution;
        if (await reference.GetSyntaxAsync(cancellationToken).ConfigureAwait(false) is not MethodDeclarationSyntax declaration
            || solution.GetDocument(declaration.SyntaxTree) is not { } document
            || !FixableLocations.IsWrittenHere(declaration.Identifier.GetLocation())
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
            || model.GetDeclaredSymbol(declaration, cancellationToken) is not { } member
            || member.IsAsync || member.IsStatic
            || !FunctionAnalysis.MayChangeShape(member, declaration, model.Compilation)
            || ConventionMethods.RequireVoid(member)
            || FunctionAnalysis.Classify(member, CoreLibraryTypes.For(model.Compilation)) != change
            || !ImplementsOnly(member, interfaceMethod)
            || !publicApi.MayChange(member, document, model)
            || await InterfaceContracts.ImplementsThroughDerivedTypeAsync(member, solution, cancellationToken).ConfigureAwait(false))
        {
            return false;
        }

        if (interfaceMethod is not null
            && (member.IsVirtual || member.IsOverride || member.IsAbstract
                || await FunctionAnalysis.IsOverriddenAsync(member, solution, cancellationToken).ConfigureAwait(false)))
        {
            return false; // an implementation with overrides of its own: more than one change in step
        }

        _symbols.Add(member);
        if (member.IsAbstract)
        {
            _contracts.Add(new ContractEdit(document.Id, declaration, change, OperationContract: null, NameToKeep: null));
            return true;
        }

        // A member with a body in another project: the chain fix's walk, which finds the blocking calls to convert,
        // looks at one project's bodies; one it did not see may block and would stay blocking behind a Task.
        if (document.Project.Id != project.Id
            || AwaitContext.BodyOf(declaration) is not { } body
            || AsyncBodyRules.ForbidsAsync(body, model, cancellationToken))
        {
            return false;
        }

        _edits.Add(new FunctionEdit(document.Id, declaration, change, returnsValue: false, ImmutableArray<ContractEdit>.Empty, ImmutableArray<IMethodSymbol>.Empty, awaitless: true));
        return true;
    }

    /// <summary>An override family's member implements no interface method (its contract would change too); an
    /// interface's implementation implements that one only.</summary>
    private static bool ImplementsOnly(IMethodSymbol member, IMethodSymbol? interfaceMethod)
    {
        foreach (var implemented in FunctionAnalysis.ImplementedInterfaceMethods(member))
        {
            if (interfaceMethod is null
                || !(SymbolEqualityComparer.Default.Equals(implemented.OriginalDefinition, interfaceMethod.OriginalDefinition)
                    || (OnlyDeclaration(implemented.OriginalDefinition) is { } a && OnlyDeclaration(interfaceMethod.OriginalDefinition) is { } b && SameDeclaration.Same(a, b))))
            {
                return false;
            }
        }

        return true;
    }

    private static SyntaxReference? OnlyDeclaration(IMethodSymbol method)
        => method.DeclaringSyntaxReferences is { Length: 1 } references ? references[0] : null;

    /// <summary>Declarations compared by tree and span: the same member found through different projects'
    /// compilations is different symbols.</summary>
    private sealed class SameDeclaration : IEqualityComparer<SyntaxReference>
    {
        public static bool Same(SyntaxReference x, SyntaxReference y) => x.SyntaxTree == y.SyntaxTree && x.Span == y.Span;

        public bool Equals(SyntaxReference? x, SyntaxReference? y) => x is not null && y is not null && Same(x, y);

        public int GetHashCode(SyntaxReference obj) => obj.Span.GetHashCode();
    }
}
