using System;
using System.Collections.Generic;
using System.Collections.Immutable;

namespace BurstAnalyzers.Incremental;

/// <summary>
/// Which namespaces a simple type name written at one place may be found in: the enclosing namespaces (the one the
/// declaration is in and each one around it) and the namespaces its using directives import (the file's, the
/// enclosing namespace declarations', and the compilation's global usings). A top-level type of namespace N can be
/// named by a simple name only from where N is one of these: that lets a base list naming "IStore" be told apart
/// from one naming another namespace's IStore without binding either.
/// </summary>
internal sealed class NameScope
{
    public NameScope(string enclosingNamespace, ImmutableArray<string> usings, bool unreadable)
    {
        EnclosingNamespace = enclosingNamespace;
        Usings = usings;
        Unreadable = unreadable;
    }

    /// <summary>"A.B" inside <c>namespace A.B</c>; "" in the global namespace.</summary>
    public string EnclosingNamespace { get; }

    /// <summary>Namespaces imported by the using directives in scope, as written (a using inside a namespace
    /// declaration may be relative to it).</summary>
    public ImmutableArray<string> Usings { get; }

    /// <summary>A using directive in scope is not a plain dotted name (broken code): anything may be in scope.</summary>
    public bool Unreadable { get; }

    /// <summary>
    /// Whether a simple name written here may name a top-level type of <paramref name="namespaceName"/>. Errs on
    /// the side of yes: a using that ends with the namespace's trailing names may be a relative one, and one that
    /// starts with a name some using alias of the compilation has (<c>using D = Shop;</c> … <c>using D.Data;</c>)
    /// may import anything.
    /// </summary>
    public bool MaySee(string namespaceName, ImmutableArray<string> globalUsings, HashSet<string> aliasNames)
    {
        if (Unreadable || namespaceName.Length == 0 || IsSameOrInside(EnclosingNamespace, namespaceName))
        {
            return true;
        }

        return Imports(Usings, namespaceName, aliasNames) || Imports(globalUsings, namespaceName, aliasNames);
    }

    private static bool Imports(ImmutableArray<string> usings, string namespaceName, HashSet<string> aliasNames)
    {
        foreach (var imported in usings)
        {
            if (aliasNames.Count > 0 && aliasNames.Contains(imported.IndexOf('.') is var dot and > 0 ? imported.Substring(0, dot) : imported))
            {
                return true;
            }

            if (imported.Length == namespaceName.Length
                ? string.Equals(imported, namespaceName, StringComparison.Ordinal)
                : imported.Length < namespaceName.Length
                  && namespaceName[namespaceName.Length - imported.Length - 1] == '.'
                  && namespaceName.EndsWith(imported, StringComparison.Ordinal))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>"A.B.C" is inside "A.B" and "A"; a namespace is inside itself.</summary>
    private static bool IsSameOrInside(string inner, string outer)
        => inner.Length == outer.Length
            ? string.Equals(inner, outer, StringComparison.Ordinal)
            : inner.Length > outer.Length && inner[outer.Length] == '.' && inner.StartsWith(outer, StringComparison.Ordinal);
}
