using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.FindSymbols;
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
/// body alone). Each base's async method is exactly that around a call of the synchronous one (their sources), so
/// ordering (the body, then the rest of the pipeline, then the "executed" method with the executed context),
/// short-circuiting (a <c>Result</c> or <c>Cancel</c> set by the body skips the rest and the "executed" method) and
/// exceptions (the pipeline's arrive in the executed context; the body's fault the filter) stay the same. Only where
/// nothing else depends on the old shape (docs/rules/BURST001.md, "MVC filters"): the method overrides the framework's
/// own, no class from the filter down to that base overrides the async form, no class derives from the filter, nothing
/// names the method, and, where a call of <c>next</c> closes the body, the body has no <c>return</c> (it would skip the
/// pipeline) and does not use the name <c>next</c>. Filters that implement the interfaces directly (<c>IActionFilter</c>
/// and kin) are not converted.
/// </summary>
internal static class FilterAsyncForms
{
    private const string Next = "next";

    private static readonly Form[] s_forms =
    {
        new("OnActionExecuting", "OnActionExecutionAsync", "ActionExecutionDelegate", "{0}.Result == null", "OnActionExecuted",
            WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersActionFilterAttribute, WellKnownTypeNames.MicrosoftAspNetCoreMvcController),
        new("OnResultExecuting", "OnResultExecutionAsync", "ResultExecutionDelegate", "!{0}.Cancel", "OnResultExecuted",
            WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersActionFilterAttribute, WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersResultFilterAttribute),
        new("OnPageHandlerExecuting", "OnPageHandlerExecutionAsync", "PageHandlerExecutionDelegate", "{0}.Result == null", "OnPageHandlerExecuted",
            WellKnownTypeNames.MicrosoftAspNetCoreMvcRazorPagesPageModel),
        new("OnPageHandlerSelected", "OnPageHandlerSelectionAsync", null, null, null, WellKnownTypeNames.MicrosoftAspNetCoreMvcRazorPagesPageModel),
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
        if (!method.IsOverride
            || method.Parameters.Length != 1
            || method.OverriddenMethod?.ContainingType.OriginalDefinition is not { } framework
            || FormOf(method.Name, framework, model.Compilation) is not { } form)
        {
            return null;
        }

        var cannot = new AsyncForm(null, null, null);
        var closesWithNext = form.Delegate is not null;
        if (DeclaresBelow(method.ContainingType, framework, form.AsyncName)
            || AwaitContext.BodyOf(declaration) is not { } body
            || (closesWithNext && body.DescendantNodesAndSelf(node => !AwaitContext.IsNestedFunction(node)).Any(node => node is ReturnStatementSyntax))
            || (closesWithNext && body.DescendantTokens().Any(token => token.IsKind(SyntaxKind.IdentifierToken) && token.ValueText == Next))
            || await ReferencedAsync(method, solution, cancellationToken).ConfigureAwait(false)
            || (await SymbolFinder.FindDerivedClassesAsync(method.ContainingType, solution, transitive: false, cancellationToken: cancellationToken).ConfigureAwait(false)).Any())
        {
            return cannot;
        }

        if (!closesWithNext)
        {
            return new AsyncForm(form.AsyncName, null, null);
        }

        var nextParameter = Parameter(Identifier(Next)).WithLeadingTrivia(Space).WithType(
            ParseTypeName("global::Microsoft.AspNetCore.Mvc.Filters." + form.Delegate).WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation).WithTrailingTrivia(Space));
        var guard = string.Format(System.Globalization.CultureInfo.InvariantCulture, form.Guard!, method.Parameters[0].Name);
        var tail = ParseStatement($"if ({guard})\n{{\n    {form.ExecutedName}(await {Next}());\n}}\n").WithAdditionalAnnotations(Formatter.Annotation);
        return new AsyncForm(form.AsyncName, nextParameter, tail);
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
