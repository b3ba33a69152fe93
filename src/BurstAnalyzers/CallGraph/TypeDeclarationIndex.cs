using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// What one syntax tree declares, from syntax alone: each type declaration's name with the names its base list mentions,
/// and each using alias's name with the name it stands for (rightmost simple names: "IOrderService" for
/// <c>Contoso.Orders.IOrderService&lt;T&gt;</c>); and the "…Async" methods of its top-level static classes, where
/// extension counterparts can come from (<see cref="Blocking.AsyncExtensionNames"/>). Kept per tree, not per compilation: an editor makes a new compilation
/// after every keystroke, but the trees of the documents not edited are the same objects, so their index is built once.
/// </summary>
internal sealed class TypeDeclarationIndex
{
    private static readonly ConditionalWeakTable<SyntaxTree, TypeDeclarationIndex> s_byTree = new();
    private static readonly ConditionalWeakTable<SyntaxTree, TypeDeclarationIndex>.CreateValueCallback s_create = Build;

    private TypeDeclarationIndex(
        ImmutableArray<KeyValuePair<string, string>> derivations,
        ImmutableArray<KeyValuePair<string, string>> derivingTypes,
        ImmutableArray<string> staticClassAsyncMethods)
    {
        Derivations = derivations;
        DerivingTypes = derivingTypes;
        StaticClassAsyncMethods = staticClassAsyncMethods;
    }

    /// <summary>(name of a type or alias, name of the type it derives from or stands for), in declaration order.</summary>
    public ImmutableArray<KeyValuePair<string, string>> Derivations { get; }

    /// <summary>
    /// (name, metadata name) of each type declared here with a base list: the only types that can derive from another,
    /// found by metadata name without searching the compilation for every type of that name.
    /// </summary>
    public ImmutableArray<KeyValuePair<string, string>> DerivingTypes { get; }

    /// <summary>Names of the "…Async" methods of the tree's top-level static classes, extension blocks included.</summary>
    public ImmutableArray<string> StaticClassAsyncMethods { get; }

    public static TypeDeclarationIndex Of(SyntaxTree tree) => s_byTree.GetValue(tree, s_create);

    private static TypeDeclarationIndex Build(SyntaxTree tree)
    {
        var derivations = ImmutableArray.CreateBuilder<KeyValuePair<string, string>>();
        var derivingTypes = ImmutableArray.CreateBuilder<KeyValuePair<string, string>>();
        var asyncMethods = ImmutableArray.CreateBuilder<string>();

        // (container, metadata name prefix of what it declares): "" for the global namespace, "A.B." in a namespace,
        // "A.B.Outer+" in a type.
        var pending = new Stack<KeyValuePair<SyntaxNode, string>>();
        pending.Push(new KeyValuePair<SyntaxNode, string>(tree.GetRoot(), string.Empty));
        while (pending.Count > 0)
        {
            var (container, prefix) = (pending.Peek().Key, pending.Pop().Value);

            // Only containers of declarations are entered: never a member's body.
            foreach (var child in container.ChildNodes())
            {
                switch (child)
                {
                    case UsingDirectiveSyntax { Alias: { } alias } directive when RightmostName(directive.Name) is { } target:
                        derivations.Add(new KeyValuePair<string, string>(alias.Name.Identifier.ValueText, target));
                        break;
                    case BaseNamespaceDeclarationSyntax ns:
                        // A name that is not plainly dotted (broken code) gives metadata names that resolve to nothing,
                        // and DerivedTypes then searches by simple name.
                        pending.Push(new KeyValuePair<SyntaxNode, string>(child, prefix + (DottedName(ns.Name) ?? "?") + "."));
                        break;
                    case TypeDeclarationSyntax type:
                        var name = type.Identifier.ValueText;
                        var metadataName = prefix + name + (type.TypeParameterList is { Parameters.Count: > 0 } parameters ? "`" + parameters.Parameters.Count.ToString(System.Globalization.CultureInfo.InvariantCulture) : string.Empty);
                        var derives = false;
                        foreach (var baseType in type.BaseList?.Types ?? default)
                        {
                            if (RightmostName(baseType.Type) is { } baseName)
                            {
                                derivations.Add(new KeyValuePair<string, string>(name, baseName));
                                derives = true;
                            }
                        }

                        if (derives)
                        {
                            derivingTypes.Add(new KeyValuePair<string, string>(name, metadataName));
                        }

                        if (type is ClassDeclarationSyntax && !prefix.EndsWith("+", System.StringComparison.Ordinal) && type.Modifiers.Any(SyntaxKind.StaticKeyword))
                        {
                            AddAsyncMethods(type, asyncMethods);
                        }

                        pending.Push(new KeyValuePair<SyntaxNode, string>(child, metadataName + "+"));
                        break;
                }
            }
        }

        return new TypeDeclarationIndex(derivations.ToImmutable(), derivingTypes.ToImmutable(), asyncMethods.ToImmutable());
    }

    private static void AddAsyncMethods(TypeDeclarationSyntax staticClass, ImmutableArray<string>.Builder names)
    {
        foreach (var node in staticClass.DescendantNodes())
        {
            if (node is MethodDeclarationSyntax method && method.Identifier.ValueText.EndsWith("Async", System.StringComparison.Ordinal))
            {
                names.Add(method.Identifier.ValueText);
            }
        }
    }

    /// <summary>"A.B" for <c>namespace A.B</c>; null for a name that is not a plain dotted name (broken code).</summary>
    private static string? DottedName(NameSyntax name) => name switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        QualifiedNameSyntax qualified when DottedName(qualified.Left) is { } left => left + "." + qualified.Right.Identifier.ValueText,
        _ => null,
    };

    private static string? RightmostName(TypeSyntax? type) => type switch
    {
        SimpleNameSyntax simple => simple.Identifier.ValueText,
        QualifiedNameSyntax qualified => qualified.Right.Identifier.ValueText,
        AliasQualifiedNameSyntax aliasQualified => aliasQualified.Name.Identifier.ValueText,
        _ => null,
    };
}
