using System;

namespace BurstAnalyzers.BuildTasks.LibraryScan;

/// <summary>
/// What the scan knows of the runtime's own assemblies, which it does not read: which assemblies they are, which of
/// their methods run a delegate argument in place, and which may do I/O that <see cref="BlockingPrimitives"/> does not
/// list (a call to one leaves a member's scan incomplete, so it is never called clean).
/// </summary>
internal static class FrameworkAssemblies
{
    /// <summary>Whether <paramref name="assembly"/> (a simple name) is the runtime's: "System.Runtime", "mscorlib",
    /// "netstandard", and the shared frameworks' Microsoft.Extensions and Microsoft.AspNetCore assemblies, also where a
    /// project references them as packages (the task does not scan them).</summary>
    public static bool IsFramework(string assembly)
        => assembly is "mscorlib" or "netstandard" or "System" or "WindowsBase" or "Microsoft.CSharp" or "Microsoft.VisualBasic"
            || assembly.StartsWith("System.", StringComparison.Ordinal)
            || assembly.StartsWith("Microsoft.Win32.", StringComparison.Ordinal)
            || assembly.StartsWith("Microsoft.Extensions.", StringComparison.Ordinal)
            || assembly.StartsWith("Microsoft.AspNetCore.", StringComparison.Ordinal);

    /// <summary>The ADO.NET data reader base class, whose subclasses' row reads <see cref="ReadsCurrentRow"/> names.</summary>
    public const string DataReader = "System.Data.Common.DbDataReader";

    /// <summary>
    /// A data reader's reads of the current row and its metadata: <c>IsDBNull</c>, the indexers, the field counts and
    /// every <c>Get…</c> method (<c>GetInt32</c>, <c>GetString</c>, <c>GetFieldValue&lt;T&gt;</c>, <c>GetOrdinal</c>, a
    /// provider's <c>GetSqlInt32</c>…); not <c>GetEnumerator</c>, which reads rows, nor the schema tables
    /// (<c>GetSchemaTable</c>, <c>GetColumnSchema</c>), which a provider may fill with a query of its catalog (Npgsql
    /// does). They read what <c>Read</c> or <c>ReadAsync</c> buffered: with the default command behaviour
    /// <c>ReadAsync</c> brings in the whole row, so after the async fix they touch memory. Their bodies reach the network or a wait only in a mode a handler chooses, for large
    /// values (<c>CommandBehavior.SequentialAccess</c>, whose documented async reads are <c>GetFieldValueAsync</c> and
    /// <c>GetStream</c>), or with Always Encrypted's key cache: reported, they would be a warning on every column read
    /// of every ADO.NET handler.
    /// </summary>
    public static bool ReadsCurrentRow(string member)
        => member is "IsDBNull" or "get_Item" or "get_FieldCount" or "get_VisibleFieldCount" or "get_HasRows"
            || (member.StartsWith("Get", StringComparison.Ordinal) && member is not ("GetEnumerator" or "GetSchemaTable" or "GetColumnSchema")
                && !member.EndsWith("Async", StringComparison.Ordinal));

    /// <summary>Framework methods that invoke their delegate arguments before they return.</summary>
    public static bool RunsDelegates(string type, string member) => type switch
    {
        "System.Threading.Tasks.Parallel" => member is "For" or "ForEach" or "Invoke",
        "System.Collections.Generic.List`1" => member is "ForEach" or "RemoveAll" or "Find" or "FindAll" or "Exists" or "TrueForAll" or "Sort",
        "System.Array" => member is "ForEach" or "Find" or "FindAll" or "Exists" or "TrueForAll" or "ConvertAll",
        // Enumerable's eager operators (a lambda handed to Select or Where runs later, when something enumerates).
        "System.Linq.Enumerable" => member is "First" or "FirstOrDefault" or "Single" or "SingleOrDefault" or "Last" or "LastOrDefault"
            or "Any" or "All" or "Count" or "LongCount" or "Sum" or "Min" or "Max" or "Average" or "Aggregate" or "ToDictionary" or "ToLookup",
        _ => false,
    };

    /// <summary>Framework interfaces whose implementations compare, hash or format: a call through one is not taken for
    /// unknown work even when the scanned set implements it. Not <c>IDisposable</c>: disposing a connection closes it.</summary>
    public static bool IsHarmlessInterface(string type)
        => type is "System.IComparable" or "System.ICloneable" or "System.IFormattable"
            or "System.Collections.IComparer" or "System.Collections.IEqualityComparer" or "System.Collections.IStructuralEquatable"
            || type.StartsWith("System.IEquatable`", StringComparison.Ordinal)
            || type.StartsWith("System.IComparable`", StringComparison.Ordinal)
            || type.StartsWith("System.Collections.Generic.IComparer`", StringComparison.Ordinal)
            || type.StartsWith("System.Collections.Generic.IEqualityComparer`", StringComparison.Ordinal);

    /// <summary>Framework methods that enumerate a sequence before they return: an iterator handed to them runs in place.</summary>
    public static bool Enumerates(string type, string member) => type switch
    {
        "System.Linq.Enumerable" => member is "ToList" or "ToArray" or "ToDictionary" or "ToHashSet" or "ToLookup" or "Contains"
            or "ElementAt" or "ElementAtOrDefault" or "SequenceEqual",
        "System.Collections.Generic.List`1" => member is ".ctor" or "AddRange" or "InsertRange",
        "System.Collections.IEnumerator" => member == "MoveNext",
        _ => false,
    };

    /// <summary>Framework types whose members may read or write a file, a socket or a database (beyond the table's
    /// blocking operations): streams and readers of any kind, networking, ADO.NET, processes, certificate stores.</summary>
    public static bool MayDoIo(string type)
        => type is not ("System.IO.Path" or "System.IO.MemoryStream" or "System.IO.StringReader" or "System.IO.StringWriter"
                or "System.IO.IOException" or "System.IO.InvalidDataException" or "System.IO.EndOfStreamException" or "System.IO.SeekOrigin")
            && (type.StartsWith("System.IO.", StringComparison.Ordinal)
                || type.StartsWith("System.Net.Sockets.", StringComparison.Ordinal)
                || type.StartsWith("System.Net.Http.", StringComparison.Ordinal)
                || type.StartsWith("System.Net.Security.", StringComparison.Ordinal)
                || type.StartsWith("System.Net.Web", StringComparison.Ordinal)
                || type.StartsWith("System.Net.Mail.", StringComparison.Ordinal)
                || type == "System.Net.Dns"
                || type.StartsWith("System.Data.", StringComparison.Ordinal)
                || type.StartsWith("Microsoft.Win32.", StringComparison.Ordinal)
                || type == "System.Diagnostics.Process"
                || type == "System.Security.Cryptography.X509Certificates.X509Store"
                || type == "System.Console");
}
