using System;
using System.Runtime.CompilerServices;
using System.Threading;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// Whether the awaits a fix adds in one function end in <c>.ConfigureAwait(false)</c>: the project's own convention,
/// so that the fixed code reads like the code around it and does not bring new CA2007 warnings. The project asks for it
/// when CA2007 ("Consider calling ConfigureAwait") is on for the file (suggestion, warning or error, in .editorconfig, a
/// global config or the compilation options), or when its own code does: most of the awaits in its source (generated
/// files left out) await a <c>ConfigureAwait(false)</c>, at least <see cref="MinimumConfiguredAwaits"/> of them, so that
/// one stray use does not decide. <c>ConfigureAwait(true)</c> or no convention: the awaits stay as they are.
/// <para>
/// Even then, never where leaving the caller's context could change what the code after the await sees: not in a
/// request handler, nor in code that runs as one (its lambdas and local functions, a registered lambda or method group),
/// nor in a Blazor component or a WinForms/WPF type (the component's state and the UI belong to their synchronization
/// context), nor in a function that reads <c>HttpContext.Current</c>. In a .NET Framework project or one that references
/// System.Web (classic ASP.NET, whose request context flows through the synchronization context) the code's own habit
/// does not count: only CA2007, which the user turned on knowingly.
/// </para>
/// </summary>
internal static class AwaitConvention
{
    /// <summary>Fewer configured awaits than this are not a convention, whatever the proportion.</summary>
    public const int MinimumConfiguredAwaits = 3;

    private const string Ca2007 = "CA2007";

    // What the project's own code does, counted once per compilation (every tree is walked): Fix All asks for every
    // function it converts, and a fix's preview and its application ask again.
    private static readonly ConditionalWeakTable<Compilation, StrongBox<bool>> s_codeConfiguresAwaits = new();

    /// <summary>Whether the awaits added in <paramref name="function"/> (a method, local function or lambda in
    /// <paramref name="document"/>) take <c>.ConfigureAwait(false)</c>. Never throws but for cancellation.</summary>
    public static bool ConfiguresAwaitsIn(Document document, SemanticModel model, SyntaxNode function, CancellationToken cancellationToken)
    {
        var compilation = model.Compilation;
        var askedFor = IsCa2007On(document, model.SyntaxTree, compilation, cancellationToken)
            || (!RunsOnRequestContext(compilation) && CodeConfiguresAwaits(compilation, cancellationToken));
        return askedFor && !MustKeepContext(function, model, document, cancellationToken);
    }

    /// <summary>CA2007's severity for the file: .editorconfig (or a host that passes the key on), then the global
    /// configuration, then the compilation options (a rule set, -warnaserror+:CA2007).</summary>
    private static bool IsCa2007On(Document document, SyntaxTree tree, Compilation compilation, CancellationToken cancellationToken)
    {
        var options = document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider;
        foreach (var key in new[] { "dotnet_diagnostic.ca2007.severity", "dotnet_diagnostic.CA2007.severity" })
        {
            if (options.GetOptions(tree).TryGetValue(key, out var value) || options.GlobalOptions.TryGetValue(key, out value))
            {
                return value.Trim().ToLowerInvariant() is "suggestion" or "warning" or "error";
            }
        }

        if (compilation.Options.SyntaxTreeOptionsProvider is { } provider
            && (provider.TryGetDiagnosticValue(tree, Ca2007, cancellationToken, out var severity)
                || provider.TryGetGlobalDiagnosticValue(Ca2007, cancellationToken, out severity)))
        {
            return IsOn(severity);
        }

        return compilation.Options.SpecificDiagnosticOptions.TryGetValue(Ca2007, out var specific) && IsOn(specific);
    }

    private static bool IsOn(ReportDiagnostic severity) => severity is ReportDiagnostic.Error or ReportDiagnostic.Warn or ReportDiagnostic.Info;

    /// <summary>.NET Framework (System.Object in mscorlib) or System.Web's HttpContext (not the name alone: .NET's
    /// reference assemblies have a System.Web facade): code may run on classic ASP.NET's request context.</summary>
    private static bool RunsOnRequestContext(Compilation compilation)
        => compilation.GetSpecialType(SpecialType.System_Object).ContainingAssembly?.Name == "mscorlib"
            || WellKnownTypes.For(compilation).Has(WellKnownTypeNames.SystemWebHttpContext);

    private static bool CodeConfiguresAwaits(Compilation compilation, CancellationToken cancellationToken)
    {
        if (s_codeConfiguresAwaits.TryGetValue(compilation, out var known))
        {
            return known.Value;
        }

        // Counted outside the table's lock; two fixes racing count twice and agree.
        var configured = 0;
        var others = 0;
        foreach (var tree in compilation.SyntaxTrees)
        {
            var root = tree.GetRoot(cancellationToken);
            if (IsGenerated(tree, root))
            {
                continue;
            }

            foreach (var node in root.DescendantNodes())
            {
                if (node is AwaitExpressionSyntax await)
                {
                    if (IsConfigureAwaitFalse(await.Expression))
                    {
                        configured++;
                    }
                    else
                    {
                        others++;
                    }
                }
            }
        }

        var result = configured >= MinimumConfiguredAwaits && configured > others;
        return s_codeConfiguresAwaits.GetValue(compilation, _ => new StrongBox<bool>(result)).Value;
    }

    /// <summary><c>x.ConfigureAwait(false)</c> (the argument named or not).</summary>
    private static bool IsConfigureAwaitFalse(ExpressionSyntax awaited)
    {
        while (awaited is ParenthesizedExpressionSyntax parenthesized)
        {
            awaited = parenthesized.Expression;
        }

        return awaited is InvocationExpressionSyntax
        {
            Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ConfigureAwait" },
            ArgumentList.Arguments: { Count: 1 } arguments,
        }
            && arguments[0].Expression.IsKind(SyntaxKind.FalseLiteralExpression);
    }

    /// <summary>Generated files, by the usual names and the <c>&lt;auto-generated&gt;</c> header.</summary>
    private static bool IsGenerated(SyntaxTree tree, SyntaxNode root)
    {
        var name = System.IO.Path.GetFileName(tree.FilePath);
        if (name.EndsWith(".g.cs", StringComparison.OrdinalIgnoreCase)
            || name.EndsWith(".g.i.cs", StringComparison.OrdinalIgnoreCase)
            || name.EndsWith(".designer.cs", StringComparison.OrdinalIgnoreCase)
            || name.EndsWith(".generated.cs", StringComparison.OrdinalIgnoreCase)
            || name.StartsWith("TemporaryGeneratedFile_", StringComparison.OrdinalIgnoreCase))
        {
            return true;
        }

        foreach (var trivia in root.GetLeadingTrivia())
        {
            if ((trivia.IsKind(SyntaxKind.SingleLineCommentTrivia) || trivia.IsKind(SyntaxKind.MultiLineCommentTrivia))
                && (trivia.ToString().IndexOf("<auto-generated", StringComparison.OrdinalIgnoreCase) >= 0
                    || trivia.ToString().IndexOf("<autogenerated", StringComparison.OrdinalIgnoreCase) >= 0))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Whether the code after an await in <paramref name="function"/> may need the context it started on: see
    /// the class comment.</summary>
    private static bool MustKeepContext(SyntaxNode function, SemanticModel model, Document document, CancellationToken cancellationToken)
    {
        var handlers = RequestHandlerModel.ForFix(model.Compilation);
        var configuration = handlers.Configuration.For(document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider, model.SyntaxTree);

        // The member the function is written in: the method itself, or the one a lambda or local function is inside.
        ISymbol? member = null;
        for (var node = function; node is not null; node = node.Parent)
        {
            if (node is MemberDeclarationSyntax declaration)
            {
                member = model.GetDeclaredSymbol(declaration, cancellationToken);
                break;
            }
        }

        // Top-level statements: the member is the generated entry point, found from the position.
        if (member is null && model.GetEnclosingSymbol(function.SpanStart, cancellationToken) is { } enclosing)
        {
            member = enclosing;
            while (member is IMethodSymbol { MethodKind: MethodKind.LocalFunction or MethodKind.AnonymousFunction, ContainingSymbol: { } outer })
            {
                member = outer;
            }
        }

        var type = member as INamedTypeSymbol ?? member?.ContainingType;
        var types = WellKnownTypes.For(model.Compilation);
        if (type is null
            || type.IsOrDerivesFrom(types.Get(WellKnownTypeNames.MicrosoftAspNetCoreComponentsComponentBase))
            || type.IsOrDerivesFrom(types.Get(WellKnownTypeNames.SystemWindowsFormsControl))
            || type.IsOrDerivesFrom(types.Get(WellKnownTypeNames.SystemWindowsThreadingDispatcherObject))
            || (member is IMethodSymbol method && handlers.IsRequestHandler(method, configuration)))
        {
            return true;
        }

        // Handler code (a lambda or local function in a handler, one registered as a handler), offloaded or not.
        if (AwaitContext.BodyOf(function) is not { } body
            || model.GetOperation(body, cancellationToken) is not { } operation
            || handlers.FindHandler(operation, member, configuration) is not null)
        {
            return true;
        }

        for (var node = function; node is not null and not MemberDeclarationSyntax; node = node.Parent)
        {
            if ((node is AnonymousFunctionExpressionSyntax lambda
                    && model.GetOperation(lambda, cancellationToken) is IAnonymousFunctionOperation anonymous
                    && handlers.Delegates.RegistrationOf(anonymous) is not null)
                || (node is LocalFunctionStatementSyntax local
                    && model.GetDeclaredSymbol(local, cancellationToken) is IMethodSymbol localFunction
                    && handlers.IsRegisteredMethodGroup(localFunction)))
            {
                return true;
            }
        }

        return ReadsHttpContextCurrent(body);
    }

    /// <summary><c>HttpContext.Current</c> (System.Web's, which classic ASP.NET restores only on its own context).</summary>
    private static bool ReadsHttpContextCurrent(SyntaxNode body)
    {
        foreach (var node in body.DescendantNodesAndSelf())
        {
            if (node is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Current" } access
                && access.Expression is IdentifierNameSyntax { Identifier.ValueText: "HttpContext" } or MemberAccessExpressionSyntax { Name.Identifier.ValueText: "HttpContext" })
            {
                return true;
            }
        }

        return false;
    }
}
