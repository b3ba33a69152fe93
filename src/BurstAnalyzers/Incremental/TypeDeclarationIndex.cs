using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.Incremental;

/// <summary>
/// What one syntax tree declares, from syntax alone: each name in each type's base list and each using alias's target,
/// with where it was written (<see cref="Derivation"/>); the namespaces its global usings import; the "…Async" methods
/// of its top-level static classes, where extension counterparts can come from (<see cref="Blocking.AsyncExtensionNames"/>);
/// and the namespaces it declares types in, by their first name. Kept per tree, not per compilation (docs/architecture.md, "Kept across keystrokes"): the trees
/// of the documents not edited are the same objects, so their index is built once.
/// </summary>
internal sealed class TypeDeclarationIndex
{
    private static readonly ConditionalWeakTable<SyntaxTree, TypeDeclarationIndex> s_byTree = new();
    private static readonly ConditionalWeakTable<SyntaxTree, TypeDeclarationIndex>.CreateValueCallback s_create = Build;

    private TypeDeclarationIndex(
        ImmutableArray<Derivation> derivations,
        ImmutableArray<string> globalUsings,
        bool unreadableGlobalUsing,
        ImmutableArray<string> staticClassAsyncMethods,
        ImmutableArray<string> rootNamespaces)
    {
        Derivations = derivations;
        GlobalUsings = globalUsings;
        UnreadableGlobalUsing = unreadableGlobalUsing;
        StaticClassAsyncMethods = staticClassAsyncMethods;
        RootNamespaces = rootNamespaces;
    }

    /// <summary>Every name in a base list and every using alias, in declaration order.</summary>
    public ImmutableArray<Derivation> Derivations { get; }

    /// <summary>Namespaces imported by <c>global using</c> directives here: in scope in every file of the compilation.</summary>
    public ImmutableArray<string> GlobalUsings { get; }

    /// <summary>A global using here is not a plain dotted name (broken code).</summary>
    public bool UnreadableGlobalUsing { get; }

    /// <summary>Names of the "…Async" methods of the tree's top-level static classes, extension blocks included.</summary>
    public ImmutableArray<string> StaticClassAsyncMethods { get; }

    /// <summary>The first name of each namespace the tree declares types in ("Contoso" for <c>namespace Contoso.Orders</c>),
    /// "" when it declares a type in the global namespace, and "?" for a namespace name that is not plainly dotted.</summary>
    public ImmutableArray<string> RootNamespaces { get; }

    public static TypeDeclarationIndex Of(SyntaxTree tree) => s_byTree.GetValue(tree, s_create);

    /// <summary>The names one list of the index holds, over all trees of a compilation.</summary>
    public static HashSet<string> Union(Compilation compilation, System.Func<TypeDeclarationIndex, ImmutableArray<string>> names)
    {
        var union = new HashSet<string>(System.StringComparer.Ordinal);
        foreach (var tree in compilation.SyntaxTrees)
        {
            foreach (var name in names(Of(tree)))
            {
                union.Add(name);
            }
        }

        return union;
    }

    private static TypeDeclarationIndex Build(SyntaxTree tree)
    {
        var derivations = ImmutableArray.CreateBuilder<Derivation>();
        var globalUsings = ImmutableArray.CreateBuilder<string>();
        var unreadableGlobalUsing = false;
        var asyncMethods = ImmutableArray.CreateBuilder<string>();
        var rootNamespaces = ImmutableArray.CreateBuilder<string>();

        var pending = new Stack<Container>();
        pending.Push(new Container(tree.GetRoot(), string.Empty, string.Empty, null, fileLocal: false));
        while (pending.Count > 0)
        {
            var container = pending.Pop();
            var scope = container.Scope;
            SyntaxList<MemberDeclarationSyntax> members;
            switch (container.Node)
            {
                case CompilationUnitSyntax unit:
                    scope = ReadUsings(unit.Usings, new NameScope(string.Empty, ImmutableArray<string>.Empty, unreadable: false), derivations, globalUsings, ref unreadableGlobalUsing);
                    members = unit.Members;
                    break;
                case BaseNamespaceDeclarationSyntax ns:
                    scope = ReadUsings(ns.Usings, new NameScope(container.NamespaceName, scope!.Usings, scope.Unreadable), derivations, globalUsings, ref unreadableGlobalUsing);
                    members = ns.Members;
                    break;
                case TypeDeclarationSyntax type:
                    members = type.Members;
                    break;
                default:
                    continue;
            }

            // Only containers of declarations are entered: never a member's body.
            foreach (var member in members)
            {
                // Types, enums, delegates and top-level statements (Program) in the global namespace.
                if (container.Node is CompilationUnitSyntax && member is not BaseNamespaceDeclarationSyntax && !rootNamespaces.Contains(string.Empty))
                {
                    rootNamespaces.Add(string.Empty);
                }

                switch (member)
                {
                    case BaseNamespaceDeclarationSyntax ns:
                        // A name that is not plainly dotted (broken code) gives metadata names that resolve to nothing,
                        // and DerivedTypes then searches by simple name.
                        var nested = DottedName(ns.Name) ?? "?";
                        var namespaceName = container.NamespaceName.Length == 0 ? nested : container.NamespaceName + "." + nested;
                        var root = namespaceName.IndexOf('.') is var dot and > 0 ? namespaceName.Substring(0, dot) : namespaceName;
                        if (!rootNamespaces.Contains(root))
                        {
                            rootNamespaces.Add(root);
                        }

                        pending.Push(new Container(member, namespaceName + ".", namespaceName, scope, fileLocal: false));
                        break;
                    case TypeDeclarationSyntax type:
                        var name = type.Identifier.ValueText;
                        var metadataName = container.Prefix + name + (type.TypeParameterList is { Parameters.Count: > 0 } parameters ? "`" + parameters.Parameters.Count.ToString(System.Globalization.CultureInfo.InvariantCulture) : string.Empty);
                        var topLevel = container.Node is not TypeDeclarationSyntax;
                        var fileLocal = container.FileLocal || type.Modifiers.Any(SyntaxKind.FileKeyword);
                        foreach (var baseType in type.BaseList?.Types ?? default)
                        {
                            if (RightmostName(baseType.Type) is { } baseName)
                            {
                                derivations.Add(new Derivation(name, metadataName, topLevel ? container.NamespaceName : null, baseName, baseType.Type is not SimpleNameSyntax, scope!, fileLocal));
                            }
                        }

                        if (type is ClassDeclarationSyntax && topLevel && type.Modifiers.Any(SyntaxKind.StaticKeyword))
                        {
                            AddAsyncMethods(type, asyncMethods);
                        }

                        pending.Push(new Container(member, metadataName + "+", container.NamespaceName, scope, fileLocal));
                        break;
                }
            }
        }

        return new TypeDeclarationIndex(derivations.ToImmutable(), globalUsings.ToImmutable(), unreadableGlobalUsing, asyncMethods.ToImmutable(), rootNamespaces.ToImmutable());
    }

    /// <summary>
    /// The scope of the declarations under a compilation unit or namespace declaration: <paramref name="outer"/> with
    /// the namespaces its using directives import. Aliases become derivations (an alias named in a base list stands
    /// for its target); global usings are recorded for every file; <c>using static</c> imports no namespace's types.
    /// </summary>
    private static NameScope ReadUsings(
        SyntaxList<UsingDirectiveSyntax> usings,
        NameScope outer,
        ImmutableArray<Derivation>.Builder derivations,
        ImmutableArray<string>.Builder globalUsings,
        ref bool unreadableGlobalUsing)
    {
        if (usings.Count == 0)
        {
            return outer;
        }

        var imported = outer.Usings.ToBuilder();
        var unreadable = outer.Unreadable;
        foreach (var directive in usings)
        {
            if (directive.Alias is { } alias)
            {
                if (RightmostName(directive.Name) is { } target)
                {
                    derivations.Add(new Derivation(alias.Name.Identifier.ValueText, null, null, target, baseQualified: true, outer));
                }

                continue;
            }

            if (!directive.StaticKeyword.IsKind(SyntaxKind.None) || directive.Name is null)
            {
                continue;
            }

            var name = DottedName(directive.Name);
            if (!directive.GlobalKeyword.IsKind(SyntaxKind.None))
            {
                if (name is null)
                {
                    unreadableGlobalUsing = true;
                }
                else
                {
                    globalUsings.Add(name);
                }
            }
            else if (name is null)
            {
                unreadable = true;
            }
            else
            {
                imported.Add(name);
            }
        }

        return new NameScope(outer.EnclosingNamespace, imported.ToImmutable(), unreadable);
    }

    private static void AddAsyncMethods(TypeDeclarationSyntax staticClass, ImmutableArray<string>.Builder names)
    {
        // Members' bodies, initializers and accessors hold no method declaration (a local function is a statement):
        // not entered, so a class of long methods costs a walk of its declarations only.
        foreach (var node in staticClass.DescendantNodes(static node => node is not (BaseMethodDeclarationSyntax or BasePropertyDeclarationSyntax or BaseFieldDeclarationSyntax)))
        {
            if (node is MethodDeclarationSyntax method && method.Identifier.ValueText.EndsWith("Async", System.StringComparison.Ordinal))
            {
                names.Add(method.Identifier.ValueText);
            }
        }
    }

    /// <summary>"A.B" for <c>namespace A.B</c> or <c>global::A.B</c>; null for a name that is not a plain dotted name
    /// (broken code, an extern alias).</summary>
    private static string? DottedName(NameSyntax name) => name switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        AliasQualifiedNameSyntax { Alias.Identifier.ValueText: "global", Name: IdentifierNameSyntax identifier } => identifier.Identifier.ValueText,
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

    /// <summary>A node whose members are declarations, with the metadata name prefix of what it declares ("" in the
    /// global namespace, "A.B." in a namespace, "A.B.Outer+" in a type), its namespace and the scope around it.</summary>
    private readonly struct Container
    {
        public Container(SyntaxNode node, string prefix, string namespaceName, NameScope? scope, bool fileLocal)
        {
            Node = node;
            Prefix = prefix;
            NamespaceName = namespaceName;
            Scope = scope;
            FileLocal = fileLocal;
        }

        public SyntaxNode Node { get; }

        public string Prefix { get; }

        public string NamespaceName { get; }

        public NameScope? Scope { get; }

        /// <summary>A <c>file</c> type, or a type inside one.</summary>
        public bool FileLocal { get; }
    }
}
