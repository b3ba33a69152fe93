using System.Collections.Generic;
using System.Collections.Immutable;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.Baseline;

/// <summary>
/// What identifies a finding in a baseline, besides its rule id: the member it is written in and the code it points
/// at, both read from syntax so that the build (which writes the baseline) and the editor (which reads it) agree.
/// Line numbers, file paths, whitespace, comments and the bodies of lambdas inside the reported code are left out, so
/// inserting lines, moving a member, reformatting or renaming other members does not change it. Every rule attaches
/// it to its diagnostics as the property <see cref="PropertyName"/>; the baseline writer reads it from the build's
/// SARIF log and <see cref="BaselineSuppressor"/> compares it with the file.
/// </summary>
internal static class FindingIdentity
{
    public const string PropertyName = BaselineEntries.IdentityProperty;

    /// <summary>Between the parts of an entry: "BURST001 | member | code".</summary>
    public const string Separator = BaselineEntries.Separator;

    /// <summary>Longer reported code is cut here: a long chain of calls stays one readable line.</summary>
    internal const int MaxCodeLength = 160;

    private const string Elided = "…";

    /// <summary>The diagnostic properties of a finding at <paramref name="location"/>: <paramref name="properties"/>
    /// (if any) plus its identity.</summary>
    public static ImmutableDictionary<string, string?> Properties(Location location, ImmutableDictionary<string, string?>? properties = null)
    {
        properties ??= ImmutableDictionary<string, string?>.Empty;
        return Of(location) is { } identity ? properties.SetItem(PropertyName, identity) : properties;
    }

    /// <summary>"member | code", or null for a location outside source.</summary>
    public static string? Of(Location location)
    {
        if (!location.IsInSource || location.SourceTree is not { } tree)
        {
            return null;
        }

        var node = tree.GetRoot().FindNode(location.SourceSpan, getInnermostNodeForTie: true);
        return MemberOf(node) + Separator + CodeOf(node);
    }

    /// <summary>The entry of a baseline file for a diagnostic, or null when it carries no identity.</summary>
    public static string? EntryOf(Diagnostic diagnostic)
        => diagnostic.Properties.TryGetValue(PropertyName, out var identity) && identity is not null
            ? diagnostic.Id + Separator + identity
            : null;

    /// <summary>"Namespace.Type.Member(ParameterTypes)", with any local function it is in: what declares the code,
    /// as written. Lambdas belong to the member they are written in; top-level statements are one member.</summary>
    internal static string MemberOf(SyntaxNode node)
    {
        var parts = new List<string>();
        for (var current = node; current is not null; current = current.Parent)
        {
            switch (current)
            {
                case LocalFunctionStatementSyntax local:
                    parts.Add(local.Identifier.ValueText);
                    break;
                case GlobalStatementSyntax:
                    parts.Add("<top-level statements>");
                    break;
                case BaseTypeDeclarationSyntax type:
                    parts.Add(type.Identifier.ValueText + TypeParameters((type as TypeDeclarationSyntax)?.TypeParameterList));
                    break;
                case DelegateDeclarationSyntax @delegate:
                    parts.Add(@delegate.Identifier.ValueText);
                    break;
                case BaseNamespaceDeclarationSyntax ns:
                    parts.Add(Normalize(ns.Name));
                    break;
                case MemberDeclarationSyntax member when NameOf(member, node) is { } name:
                    parts.Add(name);
                    break;
            }
        }

        parts.Reverse();
        return parts.Count == 0 ? "<file>" : string.Join(".", parts);
    }

    /// <summary>The reported code's tokens without trivia, lambdas' bodies elided, cut at <see cref="MaxCodeLength"/>.</summary>
    internal static string CodeOf(SyntaxNode node)
    {
        var text = new StringBuilder();
        Append(text, node);
        var code = text.Length > MaxCodeLength ? text.ToString(0, MaxCodeLength).TrimEnd() + Elided : text.ToString();
        return code.Length == 0 ? Elided : code;
    }

    private static string? NameOf(MemberDeclarationSyntax member, SyntaxNode reported) => member switch
    {
        MethodDeclarationSyntax method => Explicit(method.ExplicitInterfaceSpecifier) + method.Identifier.ValueText
            + TypeParameters(method.TypeParameterList) + Parameters(method.ParameterList),
        ConstructorDeclarationSyntax constructor => (constructor.Modifiers.Any(SyntaxKind.StaticKeyword) ? ".cctor" : ".ctor")
            + Parameters(constructor.ParameterList),
        DestructorDeclarationSyntax => "Finalize()",
        OperatorDeclarationSyntax op => "operator " + op.OperatorToken.Text + Parameters(op.ParameterList),
        ConversionOperatorDeclarationSyntax conversion => conversion.ImplicitOrExplicitKeyword.Text + " operator "
            + Normalize(conversion.Type) + Parameters(conversion.ParameterList),
        PropertyDeclarationSyntax property => Explicit(property.ExplicitInterfaceSpecifier) + property.Identifier.ValueText,
        IndexerDeclarationSyntax indexer => Explicit(indexer.ExplicitInterfaceSpecifier) + "this" + Parameters(indexer.ParameterList),
        EventDeclarationSyntax @event => Explicit(@event.ExplicitInterfaceSpecifier) + @event.Identifier.ValueText,
        BaseFieldDeclarationSyntax field => DeclaratorOf(field, reported),
        EnumMemberDeclarationSyntax enumMember => enumMember.Identifier.ValueText,
        _ => null,
    };

    private static string DeclaratorOf(BaseFieldDeclarationSyntax field, SyntaxNode reported)
    {
        foreach (var variable in field.Declaration.Variables)
        {
            if (variable.FullSpan.Contains(reported.SpanStart))
            {
                return variable.Identifier.ValueText;
            }
        }

        return field.Declaration.Variables.Count > 0 ? field.Declaration.Variables[0].Identifier.ValueText : "<field>";
    }

    private static string Explicit(ExplicitInterfaceSpecifierSyntax? specifier)
        => specifier is null ? "" : Normalize(specifier.Name) + ".";

    private static string TypeParameters(TypeParameterListSyntax? list)
        => list is null ? "" : Normalize(list);

    /// <summary>"(int,ref string)": each parameter's modifiers and type, not its name or default value.</summary>
    private static string Parameters(BaseParameterListSyntax list)
    {
        var text = new StringBuilder(list is BracketedParameterListSyntax ? "[" : "(");
        for (var i = 0; i < list.Parameters.Count; i++)
        {
            var parameter = list.Parameters[i];
            if (i > 0)
            {
                text.Append(',');
            }

            foreach (var modifier in parameter.Modifiers)
            {
                text.Append(modifier.Text).Append(' ');
            }

            if (parameter.Type is { } type)
            {
                text.Append(Normalize(type));
            }
        }

        return text.Append(list is BracketedParameterListSyntax ? "]" : ")").ToString();
    }

    private static string Normalize(SyntaxNode node)
    {
        var text = new StringBuilder();
        Append(text, node);
        return text.ToString();
    }

    /// <summary>Token texts joined, a space only where two words would otherwise merge ("new Client()"); control
    /// characters inside literals become spaces, so an entry is always one line.</summary>
    private static void Append(StringBuilder text, SyntaxNode node)
    {
        foreach (var child in node.ChildNodesAndTokens())
        {
            if (child.IsNode)
            {
                var childNode = child.AsNode()!;
                if (childNode is AnonymousFunctionExpressionSyntax)
                {
                    AppendToken(text, Elided);
                }
                else
                {
                    Append(text, childNode);
                }
            }
            else
            {
                AppendToken(text, child.AsToken().Text);
            }
        }
    }

    private static void AppendToken(StringBuilder text, string token)
    {
        if (token.Length == 0)
        {
            return;
        }

        if (text.Length > 0 && IsWordCharacter(text[text.Length - 1]) && IsWordCharacter(token[0]))
        {
            text.Append(' ');
        }

        foreach (var character in token)
        {
            text.Append(char.IsControl(character) ? ' ' : character);
        }
    }

    private static bool IsWordCharacter(char character) => char.IsLetterOrDigit(character) || character is '_' or '@';
}
