using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// What one syntax tree says about inheritance, from syntax alone: each type declaration's name with the names its base
/// list mentions, and each using alias's name with the name it stands for (rightmost simple names: "IOrderService" for
/// <c>Contoso.Orders.IOrderService&lt;T&gt;</c>). Kept per tree, not per compilation: an editor makes a new compilation
/// after every keystroke, but the trees of the documents not edited are the same objects, so their index is built once.
/// </summary>
internal sealed class TypeDeclarationIndex
{
    private static readonly ConditionalWeakTable<SyntaxTree, TypeDeclarationIndex> s_byTree = new();
    private static readonly ConditionalWeakTable<SyntaxTree, TypeDeclarationIndex>.CreateValueCallback s_create = Build;

    private TypeDeclarationIndex(ImmutableArray<KeyValuePair<string, string>> derivations) => Derivations = derivations;

    /// <summary>(name of a type or alias, name of the type it derives from or stands for), in declaration order.</summary>
    public ImmutableArray<KeyValuePair<string, string>> Derivations { get; }

    public static TypeDeclarationIndex Of(SyntaxTree tree) => s_byTree.GetValue(tree, s_create);

    private static TypeDeclarationIndex Build(SyntaxTree tree)
    {
        var derivations = ImmutableArray.CreateBuilder<KeyValuePair<string, string>>();
        var pending = new Stack<SyntaxNode>();
        pending.Push(tree.GetRoot());
        while (pending.Count > 0)
        {
            // Only containers of declarations are entered: never a member's body.
            foreach (var child in pending.Pop().ChildNodes())
            {
                switch (child)
                {
                    case UsingDirectiveSyntax { Alias: { } alias } directive when RightmostName(directive.Name) is { } target:
                        derivations.Add(new KeyValuePair<string, string>(alias.Name.Identifier.ValueText, target));
                        break;
                    case BaseNamespaceDeclarationSyntax:
                        pending.Push(child);
                        break;
                    case TypeDeclarationSyntax type:
                        foreach (var baseType in type.BaseList?.Types ?? default)
                        {
                            if (RightmostName(baseType.Type) is { } name)
                            {
                                derivations.Add(new KeyValuePair<string, string>(type.Identifier.ValueText, name));
                            }
                        }

                        pending.Push(child);
                        break;
                }
            }
        }

        return new TypeDeclarationIndex(derivations.ToImmutable());
    }

    private static string? RightmostName(TypeSyntax? type) => type switch
    {
        SimpleNameSyntax simple => simple.Identifier.ValueText,
        QualifiedNameSyntax qualified => qualified.Right.Identifier.ValueText,
        AliasQualifiedNameSyntax aliasQualified => aliasQualified.Name.Identifier.ValueText,
        _ => null,
    };
}
