using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// A synchronous filter method written as an override of the framework's filter base classes becomes the override of
/// their async form, written as those base classes write it themselves — <c>ActionFilterAttribute</c>'s and
/// <c>Controller</c>'s <c>OnActionExecuting</c>:
/// <code>
/// public override async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
/// {
///     … the body, with its awaits …
///     if (context.Result == null)
///     {
///         OnActionExecuted(await next());
///     }
/// }
/// </code>
/// and likewise <c>ActionFilterAttribute</c>'s and <c>ResultFilterAttribute</c>'s <c>OnResultExecuting</c> (→
/// <c>OnResultExecutionAsync</c>, <c>if (!context.Cancel) OnResultExecuted(await next());</c>), <c>PageModel</c>'s
/// <c>OnPageHandlerExecuting</c> (→ <c>OnPageHandlerExecutionAsync</c>, <c>if (context.Result == null)
/// OnPageHandlerExecuted(await next());</c>) and <c>OnPageHandlerSelected</c> (→ <c>OnPageHandlerSelectionAsync</c>, the
/// body alone), and <c>ExceptionFilterAttribute</c>'s <c>OnException</c> (→ <c>OnExceptionAsync</c>, the body alone). Each
/// base's async method is exactly that around a call of the synchronous one (their sources), so
/// ordering (the body, then the rest of the pipeline, then the "executed" method with the executed context),
/// short-circuiting (a <c>Result</c> or <c>Cancel</c> set by the body skips the rest and the "executed" method) and
/// exceptions (the pipeline's arrive in the executed context; the body's fault the filter) stay the same. Only where
/// nothing else depends on the old shape (docs/rules/BURST001.md, "MVC filters"): the method overrides the framework's
/// own, no class from the filter down to that base overrides the async form, no class derives from the filter, nothing
/// names the method, and, where a call of <c>next</c> closes the body, the body has no <c>return</c> (it would skip the
/// pipeline) and does not use the name <c>next</c>. A class implementing <c>IActionFilter</c>, <c>IResultFilter</c>,
/// <c>IResourceFilter</c>, <c>IAuthorizationFilter</c>, <c>IExceptionFilter</c> or <c>IPageFilter</c> itself becomes the
/// async interface the same way (<see cref="FilterImplementationAsync"/>).
/// </summary>
internal static class FilterAsyncForms
{
    private const string Next = "next";

    /// <summary>The synchronous filter interfaces a class implementing one itself trades for the async one, each shaped
    /// as the matching filter attribute's async method calls the synchronous ones (the invoker runs a synchronous filter
    /// the same way: ResourceInvoker's sync states).</summary>
    private static readonly InterfaceForm[] s_interfaceForms =
    {
        new(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIActionFilter, WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAsyncActionFilter,
            "OnActionExecuting", "OnActionExecutionAsync", "ActionExecutionDelegate", "{0}.Result == null", "OnActionExecuted"),
        new(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAuthorizationFilter, WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAsyncAuthorizationFilter,
            "OnAuthorization", "OnAuthorizationAsync", null, null, null),
        new(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIResultFilter, WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAsyncResultFilter,
            "OnResultExecuting", "OnResultExecutionAsync", "ResultExecutionDelegate", "!{0}.Cancel", "OnResultExecuted"),
        new(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIResourceFilter, WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAsyncResourceFilter,
            "OnResourceExecuting", "OnResourceExecutionAsync", "ResourceExecutionDelegate", "{0}.Result == null", "OnResourceExecuted"),

        // ResourceInvoker calls either form under the same condition (an exception not yet handled), and awaits nothing else.
        new(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIExceptionFilter, WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAsyncExceptionFilter,
            "OnException", "OnExceptionAsync", null, null, null),

        // IAsyncPageFilter has two methods: the one not converted gets the async form that calls it, as PageActionInvoker
        // (and PageHandlerPageFilter, for a page model) runs a synchronous page filter.
        new(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIPageFilter, WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAsyncPageFilter,
            "OnPageHandlerExecuting", "OnPageHandlerExecutionAsync", "PageHandlerExecutionDelegate", "{0}.Result == null", "OnPageHandlerExecuted", companion: "OnPageHandlerSelected"),
        new(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIPageFilter, WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAsyncPageFilter,
            "OnPageHandlerSelected", "OnPageHandlerSelectionAsync", null, null, null, companion: "OnPageHandlerExecuting"),
    };

    private static readonly Form[] s_forms =
    {
        new("OnActionExecuting", "OnActionExecutionAsync", "ActionExecutionDelegate", "{0}.Result == null", "OnActionExecuted",
            WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersActionFilterAttribute, WellKnownTypeNames.MicrosoftAspNetCoreMvcController),
        new("OnResultExecuting", "OnResultExecutionAsync", "ResultExecutionDelegate", "!{0}.Cancel", "OnResultExecuted",
            WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersActionFilterAttribute, WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersResultFilterAttribute),
        new("OnPageHandlerExecuting", "OnPageHandlerExecutionAsync", "PageHandlerExecutionDelegate", "{0}.Result == null", "OnPageHandlerExecuted",
            WellKnownTypeNames.MicrosoftAspNetCoreMvcRazorPagesPageModel),
        new("OnPageHandlerSelected", "OnPageHandlerSelectionAsync", null, null, null, WellKnownTypeNames.MicrosoftAspNetCoreMvcRazorPagesPageModel),
        new("OnException", "OnExceptionAsync", null, null, null, WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersExceptionFilterAttribute),
    };

    /// <summary>What the method becomes (its new name, the delegate parameter, the closing statement), null when it is no
    /// such override; a form with a null name when it is one that cannot be converted.</summary>
    public static async Task<AsyncForm?> AsyncFormAsync(
        IMethodSymbol method,
        MethodDeclarationSyntax declaration,
        SemanticModel model,
        Solution solution,
        CancellationToken cancellationToken)
    {
        if (!method.IsOverride)
        {
            return await FilterImplementationAsync(method, declaration, model, solution, cancellationToken).ConfigureAwait(false);
        }

        if (method.Parameters.Length != 1
            || method.OverriddenMethod?.ContainingType.OriginalDefinition is not { } framework
            || FormOf(method.Name, framework, model.Compilation) is not { } form)
        {
            return null;
        }

        var cannot = new AsyncForm(null, null, null);
        var closesWithNext = form.Delegate is not null;
        if (DeclaresBelow(method.ContainingType, framework, form.AsyncName)
            || AwaitContext.BodyOf(declaration) is not { } body
            || (closesWithNext && !BodyTakesNext(body))
            || await ReferencedAsync(method, solution, cancellationToken).ConfigureAwait(false)
            || (await SymbolFinder.FindDerivedClassesAsync(method.ContainingType, solution, transitive: false, cancellationToken: cancellationToken).ConfigureAwait(false)).Any())
        {
            return cannot;
        }

        if (!closesWithNext)
        {
            return new AsyncForm(form.AsyncName, null, null);
        }

        return new AsyncForm(form.AsyncName, NextParameter(form.Delegate!), Tail(form.Guard!, method.Parameters[0].Name, form.ExecutedName!));
    }

    /// <summary>
    /// A class that implements a synchronous filter interface itself (<see cref="s_interfaceForms"/>): its method becomes
    /// the async interface's, closing with the call MVC made of the "executed" method (which stays, a plain method now),
    /// and the interface in its base list becomes the async one — MVC's invoker runs the one exactly as it ran the other,
    /// in the same stage: the body, then, unless it set a result or cancelled (a short circuit, with no "executed" call),
    /// the rest of the pipeline, then the "executed" method with the executed context, the pipeline's exception in it
    /// (IAuthorizationFilter: the body alone, the invoker checks context.Result after either form; IExceptionFilter: the
    /// body alone, the invoker calls either while the exception is not handled). Only where nothing else can see the
    /// change: the class names the interface in its own base list, in the same file, and no base class implements it; it
    /// does not implement the async interface (MVC would then call only that); every method of the interface is its own
    /// implicit implementation; nothing in the solution names the interface elsewhere (a registration or a cast
    /// as one), derives from the class or names the method; no other interface of the class inherits the synchronous one
    /// (IAlwaysRunResultFilter: the class would still have to implement IResultFilter); and, where a call of next closes
    /// the body, the body passes the checks of the overrides' conversion. IAsyncPageFilter has two methods: the
    /// synchronous method not converted stays, called by the async method added after it (<see cref="CompanionOf"/>),
    /// unless the same fix converts it too; so its class also has no member of either async name.
    /// </summary>
    private static async Task<AsyncForm?> FilterImplementationAsync(
        IMethodSymbol method,
        MethodDeclarationSyntax declaration,
        SemanticModel model,
        Solution solution,
        CancellationToken cancellationToken)
    {
        var types = WellKnownTypes.For(model.Compilation);
        var form = s_interfaceForms.FirstOrDefault(candidate => candidate.Name == method.Name);
        if (form is null
            || types.Get(form.Interface) is not { } syncFilter
            || !FrameworkImplements(method, syncFilter))
        {
            return null;
        }

        var cannot = new AsyncForm(null, null, null);
        var type = method.ContainingType;
        var closesWithNext = form.Delegate is not null;
        var companionForm = form.Companion is { } companionName ? s_interfaceForms.First(candidate => candidate.Name == companionName) : null;
        CompanionMethod? companion = null;
        if (method.IsVirtual || method.IsAbstract || method.Parameters.Length != 1
            || types.Get(form.AsyncInterface) is not { } asyncFilter
            || type.AllInterfaces.Any(i => SymbolEqualityComparer.Default.Equals(i, asyncFilter))
            || (type.BaseType is { } baseType && baseType.AllInterfaces.Any(i => SymbolEqualityComparer.Default.Equals(i, syncFilter)))
            || type.Interfaces.Any(i => !SymbolEqualityComparer.Default.Equals(i, syncFilter) && i.AllInterfaces.Any(inherited => SymbolEqualityComparer.Default.Equals(inherited, syncFilter)))
            || !syncFilter.GetMembers().All(member => member is not IMethodSymbol || ImplementsItself(type, syncFilter, member.Name))
            || type.HasMemberNamedInHierarchy(form.AsyncName)
            || (companionForm is not null && (companion = CompanionOf(type, syncFilter, companionForm, declaration)) is null)
            || BaseListEntry(declaration, syncFilter, model, cancellationToken) is not { } baseListEntry
            || AwaitContext.BodyOf(declaration) is not { } body
            || (closesWithNext && !BodyTakesNext(body))
            || await ReferencedAsync(method, solution, cancellationToken).ConfigureAwait(false)
            || await NamedElsewhereAsync(syncFilter, solution, cancellationToken).ConfigureAwait(false)
            || (await SymbolFinder.FindDerivedClassesAsync(type, solution, transitive: false, cancellationToken: cancellationToken).ConfigureAwait(false)).Any())
        {
            return cannot;
        }

        var asyncInterface = FrameworkType(form.AsyncInterface).WithTriviaFrom(baseListEntry);
        return closesWithNext
            ? new AsyncForm(form.AsyncName, NextParameter(form.Delegate!), Tail(form.Guard!, method.Parameters[0].Name, form.ExecutedName!)) { BaseTypeEdit = (baseListEntry, asyncInterface), Companion = companion }
            : new AsyncForm(form.AsyncName, null, null) { BaseTypeEdit = (baseListEntry, asyncInterface), Companion = companion };
    }

    /// <summary>
    /// The other method of a two-method async interface (IAsyncPageFilter): the synchronous method it stands for, declared
    /// in the same class declaration, and the async method that calls it, written as PageActionInvoker runs a synchronous
    /// page filter (OnPageHandlerSelected: the call, then a completed task; OnPageHandlerExecuting: the call, then, unless
    /// it set a result, OnPageHandlerExecuted(await next())). Null when that cannot be written: the method is declared
    /// elsewhere, its parameter is named next, or the class (or a base) already has a member of the async name.
    /// </summary>
    private static CompanionMethod? CompanionOf(INamedTypeSymbol type, INamedTypeSymbol syncFilter, InterfaceForm form, MethodDeclarationSyntax declaration)
    {
        if (syncFilter.GetMembers(form.Name).FirstOrDefault() is not { } member
            || type.FindImplementationForInterfaceMember(member) is not IMethodSymbol { Parameters.Length: 1 } sibling
            || sibling.DeclaringSyntaxReferences.Length != 1
            || sibling.DeclaringSyntaxReferences[0].GetSyntax() is not MethodDeclarationSyntax siblingDeclaration
            || siblingDeclaration.Parent != declaration.Parent
            || type.HasMemberNamedInHierarchy(form.AsyncName)
            || (form.Delegate is not null && sibling.Parameters[0].Name == Next))
        {
            return null;
        }

        var context = sibling.Parameters[0].Name;
        var parameters = SeparatedList(new[]
        {
            Parameter(Identifier(context)).WithType(ParseTypeName(sibling.Parameters[0].Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat))
                .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation)
                .WithTrailingTrivia(Space)),
        });
        var call = ExpressionStatement(InvocationExpression(IdentifierName(form.Name), ArgumentList(SingletonSeparatedList(Argument(IdentifierName(context))))));
        var modifiers = TokenList(Token(SyntaxKind.PublicKeyword));
        BlockSyntax body;
        if (form.Delegate is null)
        {
            body = Block(call, ReturnStatement(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, TaskSyntax.Task(), IdentifierName("CompletedTask"))));
        }
        else
        {
            parameters = parameters.Add(NextParameter(form.Delegate));
            modifiers = modifiers.Add(Token(SyntaxKind.AsyncKeyword));
            body = Block(call, Tail(form.Guard!, context, form.ExecutedName!));
        }

        var endOfLine = siblingDeclaration.GetTrailingTrivia().LastOrDefault(trivia => trivia.IsKind(SyntaxKind.EndOfLineTrivia));
        var newLine = endOfLine.IsKind(SyntaxKind.EndOfLineTrivia) ? endOfLine.ToString() : "\n";
        var wrapper = MethodDeclaration(TaskSyntax.Task(), Identifier(form.AsyncName))
            .WithModifiers(modifiers)
            .WithParameterList(ParameterList(parameters))
            .WithBody(body)
            .NormalizeWhitespace(eol: newLine)
            .WithLeadingTrivia(EndOfLine(newLine))
            .WithTrailingTrivia(EndOfLine(newLine))
            .WithAdditionalAnnotations(Formatter.Annotation);
        return new CompanionMethod(siblingDeclaration, wrapper);
    }

    private static TypeSyntax FrameworkType(string fullName)
        => ParseTypeName("global::" + fullName).WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);

    /// <summary>Whether the type's implementation of the interface's member of that name is its own ordinary method.</summary>
    private static bool ImplementsItself(INamedTypeSymbol type, INamedTypeSymbol contract, string name)
        => contract.GetMembers(name).FirstOrDefault() is { } member
            && type.FindImplementationForInterfaceMember(member) is IMethodSymbol { MethodKind: MethodKind.Ordinary } implementation
            && SymbolEqualityComparer.Default.Equals(implementation.ContainingType, type);

    /// <summary>Whether <paramref name="method"/> is the implicit implementation of the interface's member of its name.</summary>
    private static bool FrameworkImplements(IMethodSymbol method, INamedTypeSymbol contract)
        => method.MethodKind == MethodKind.Ordinary
            && contract.GetMembers(method.Name).FirstOrDefault() is { } member
            && SymbolEqualityComparer.Default.Equals(method.ContainingType.FindImplementationForInterfaceMember(member), method);

    /// <summary>The entry of the method's class's base list, in the method's own file, that names the interface.</summary>
    private static TypeSyntax? BaseListEntry(MethodDeclarationSyntax declaration, INamedTypeSymbol contract, SemanticModel model, CancellationToken cancellationToken)
    {
        if (declaration.Parent is not TypeDeclarationSyntax { BaseList: { } baseList })
        {
            return null;
        }

        foreach (var entry in baseList.Types)
        {
            if (SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(entry.Type, cancellationToken).Symbol, contract))
            {
                return entry.Type;
            }
        }

        return null;
    }

    /// <summary>Whether anything in the solution names the interface but a base list (this class's, which changes, or
    /// another type's, which the change does not touch): a registration as one, a cast, a variable of that type.</summary>
    private static async Task<bool> NamedElsewhereAsync(INamedTypeSymbol contract, Solution solution, CancellationToken cancellationToken)
    {
        foreach (var referenced in await SymbolFinder.FindReferencesAsync(contract, solution, cancellationToken).ConfigureAwait(false))
        {
            foreach (var location in referenced.Locations)
            {
                var root = await location.Document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
                var node = root?.FindNode(location.Location.SourceSpan, getInnermostNodeForTie: true);
                if (node?.FirstAncestorOrSelf<SimpleBaseTypeSyntax>() is not { Parent: BaseListSyntax } baseType
                    || node.AncestorsAndSelf().TakeWhile(ancestor => ancestor != baseType).Any(ancestor => ancestor is TypeArgumentListSyntax))
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>A body that a call of next can close: no return (it would skip the call), no name next already.</summary>
    private static bool BodyTakesNext(SyntaxNode body)
        => !body.DescendantNodesAndSelf(node => !AwaitContext.IsNestedFunction(node)).Any(node => node is ReturnStatementSyntax)
            && !body.DescendantTokens().Any(token => token.IsKind(SyntaxKind.IdentifierToken) && token.ValueText == Next);

    private static ParameterSyntax NextParameter(string delegateType)
        => Parameter(Identifier(Next)).WithLeadingTrivia(Space).WithType(FrameworkType("Microsoft.AspNetCore.Mvc.Filters." + delegateType).WithTrailingTrivia(Space));

    private static StatementSyntax Tail(string guardFormat, string context, string executedName)
    {
        var guard = string.Format(System.Globalization.CultureInfo.InvariantCulture, guardFormat, context);
        return ParseStatement($"if ({guard})\n{{\n    {executedName}(await {Next}());\n}}\n").WithAdditionalAnnotations(Formatter.Annotation);
    }

    private static Form? FormOf(string name, INamedTypeSymbol framework, Compilation compilation)
    {
        var types = WellKnownTypes.For(compilation);
        foreach (var form in s_forms)
        {
            if (form.Name == name && form.Bases.Any(baseName => SymbolEqualityComparer.Default.Equals(framework, types.Get(baseName))))
            {
                return form;
            }
        }

        return null;
    }

    private static bool DeclaresBelow(INamedTypeSymbol type, INamedTypeSymbol framework, string name)
    {
        for (var current = type; current is not null && !SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, framework); current = current.BaseType)
        {
            if (!current.GetMembers(name).IsEmpty)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Whether anything names the method itself (its base's references cascade here and do not count).</summary>
    private static async Task<bool> ReferencedAsync(IMethodSymbol method, Solution solution, CancellationToken cancellationToken)
    {
        foreach (var referenced in await SymbolFinder.FindReferencesAsync(method, solution, cancellationToken).ConfigureAwait(false))
        {
            if (SymbolEqualityComparer.Default.Equals(referenced.Definition.OriginalDefinition, method.OriginalDefinition) && referenced.Locations.Any())
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The async override a synchronous one becomes: its name (null: no conversion), the parameter it gains and
    /// the statement that closes its body.</summary>
    internal sealed class AsyncForm
    {
        public AsyncForm(string? name, ParameterSyntax? addedParameter, StatementSyntax? tail)
        {
            Name = name;
            AddedParameter = addedParameter;
            Tail = tail;
        }

        public string? Name { get; }

        public ParameterSyntax? AddedParameter { get; }

        public StatementSyntax? Tail { get; }

        /// <summary>The base list entry that changes with the method (IActionFilter → IAsyncActionFilter), and its new
        /// type.</summary>
        public (TypeSyntax Old, TypeSyntax New)? BaseTypeEdit { get; init; }

        /// <summary>The async interface's other method, added unless the same fix converts its synchronous one too.</summary>
        public CompanionMethod? Companion { get; init; }
    }

    /// <summary>One synchronous filter interface, its async counterpart, and how the async method calls the synchronous
    /// ones (a null delegate: the body alone).</summary>
    private sealed class InterfaceForm
    {
        public InterfaceForm(string @interface, string asyncInterface, string name, string asyncName, string? @delegate, string? guard, string? executedName, string? companion = null)
        {
            Companion = companion;
            Interface = @interface;
            AsyncInterface = asyncInterface;
            Name = name;
            AsyncName = asyncName;
            Delegate = @delegate;
            Guard = guard;
            ExecutedName = executedName;
        }

        public string Interface { get; }

        public string AsyncInterface { get; }

        public string Name { get; }

        public string AsyncName { get; }

        public string? Delegate { get; }

        public string? Guard { get; }

        public string? ExecutedName { get; }

        /// <summary>The synchronous method whose async form the async interface also requires (IAsyncPageFilter's two).</summary>
        public string? Companion { get; }
    }

    /// <summary>One synchronous filter method, the base classes that declare it, and how their async form calls it.</summary>
    private sealed class Form
    {
        public Form(string name, string asyncName, string? @delegate, string? guard, string? executedName, params string[] bases)
        {
            Name = name;
            AsyncName = asyncName;
            Delegate = @delegate;
            Guard = guard;
            ExecutedName = executedName;
            Bases = bases;
        }

        public string Name { get; }

        public string AsyncName { get; }

        /// <summary>The type of the <c>next</c> parameter the async form adds; null when it adds none.</summary>
        public string? Delegate { get; }

        /// <summary>The condition under which the async form calls next, the context parameter as {0}.</summary>
        public string? Guard { get; }

        public string? ExecutedName { get; }

        public string[] Bases { get; }
    }
}
