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
/// A synchronous action filter written as an override of <c>ActionFilterAttribute.OnActionExecuting</c> or
/// <c>Controller.OnActionExecuting</c> becomes the override of their async form, written as those base classes write it
/// themselves:
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
/// Both base classes' <c>OnActionExecutionAsync</c> is exactly that around a call of <c>OnActionExecuting</c>, so
/// ordering (the body, then the action, then <c>OnActionExecuted</c> with the executed context), short-circuiting (a
/// <c>context.Result</c> set by the body skips the action and <c>OnActionExecuted</c>) and exceptions (the action's
/// arrive in the executed context; the body's fault the filter) stay the same. Only where nothing else depends on the
/// old shape (docs/rules/BURST001.md, "MVC filters"): the method overrides the framework's own, no class from the filter
/// down to that base overrides <c>OnActionExecutionAsync</c>, no class derives from the filter, nothing names the method,
/// the body has no <c>return</c> (it would skip the action) and does not use the name <c>next</c>.
/// </summary>
internal static class FilterAsyncForms
{
    private const string Executing = "OnActionExecuting";
    private const string Execution = "OnActionExecutionAsync";
    private const string Next = "next";

    /// <summary>What the method becomes (its new name, the delegate parameter, the closing statement), null when it is no
    /// such override; a form with a null name when it is one that cannot be converted.</summary>
    public static async Task<AsyncForm?> AsyncFormAsync(
        IMethodSymbol method,
        MethodDeclarationSyntax declaration,
        SemanticModel model,
        Solution solution,
        CancellationToken cancellationToken)
    {
        if (method.Name != Executing
            || !method.IsOverride
            || method.Parameters.Length != 1
            || method.OverriddenMethod?.ContainingType.OriginalDefinition is not { } framework
            || !IsFrameworkFilterBase(framework, model.Compilation))
        {
            return null;
        }

        var cannot = new AsyncForm(null, null, null);
        if (DeclaresBelow(method.ContainingType, framework, Execution)
            || AwaitContext.BodyOf(declaration) is not { } body
            || body.DescendantNodesAndSelf(node => !AwaitContext.IsNestedFunction(node)).Any(node => node is ReturnStatementSyntax)
            || body.DescendantTokens().Any(token => token.IsKind(SyntaxKind.IdentifierToken) && token.ValueText == Next)
            || await ReferencedAsync(method, solution, cancellationToken).ConfigureAwait(false)
            || (await SymbolFinder.FindDerivedClassesAsync(method.ContainingType, solution, transitive: false, cancellationToken: cancellationToken).ConfigureAwait(false)).Any())
        {
            return cannot;
        }

        var nextParameter = Parameter(Identifier(Next)).WithLeadingTrivia(Space).WithType(
            ParseTypeName("global::Microsoft.AspNetCore.Mvc.Filters.ActionExecutionDelegate").WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation).WithTrailingTrivia(Space));
        var context = method.Parameters[0].Name;
        var tail = ParseStatement($"if ({context}.Result == null)\n{{\n    OnActionExecuted(await {Next}());\n}}\n").WithAdditionalAnnotations(Formatter.Annotation);
        return new AsyncForm(Execution, nextParameter, tail);
    }

    /// <summary>ActionFilterAttribute or Controller: the classes whose OnActionExecutionAsync calls OnActionExecuting.</summary>
    private static bool IsFrameworkFilterBase(INamedTypeSymbol type, Compilation compilation)
    {
        var types = WellKnownTypes.For(compilation);
        return SymbolEqualityComparer.Default.Equals(type, types.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersActionFilterAttribute))
            || SymbolEqualityComparer.Default.Equals(type, types.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcController));
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
}
