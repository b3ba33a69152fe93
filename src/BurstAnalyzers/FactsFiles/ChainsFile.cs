using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.FactsFiles;

/// <summary>
/// The records one build hands another, read by one reader: a referenced project's chains file, and a referenced binary
/// library's facts file (<see cref="LibraryExtension"/>, written by the package's library scan from the assembly's IL:
/// blocking members as chains, <see cref="RunsRecord"/> and <see cref="CleanRecord"/>).
/// The chains a referenced project's build carried across, as the calling project's build receives them: the file
/// <c>&lt;assembly name&gt;.burstchains</c> beside the referenced assembly, passed in as an additional file. The library's
/// build writes it from the compiler's SARIF log: the lines that hold a BURST904 result's <see cref="PropertyKey"/>
/// property (<c>"BurstAnalyzers.CarriedChain": "…"</c>, one <see cref="CarriedChain"/> each). The value is base64 (of UTF-8),
/// so that neither JSON escapes nor MSBuild (which turns backslashes into slashes on Unix) can change it on the way.
/// Analyzers may not write files; the compiler's log is their one way out, and the package's build file does the rest
/// (docs/architecture.md, "Chains across projects").
/// </summary>
internal sealed class ChainsFile
{
    public const string Extension = ".burstchains";

    /// <summary>A binary library's facts: <c>&lt;assembly name&gt;.burstfacts</c>, from the build's scan of its IL.</summary>
    public const string LibraryExtension = ".burstfacts";

    /// <summary>"runs", a method's id and the ordinals of its delegate parameters, comma-separated: the method runs those
    /// delegates on the caller's thread before it returns (a resilience pipeline's <c>Execute</c>).</summary>
    public const string RunsRecord = "runs";

    /// <summary>"clean", a method's id: the library's IL shows the method reaches no blocking operation, though it has an
    /// "…Async" twin (an HTML parser's <c>ParseDocument(string)</c>).</summary>
    public const string CleanRecord = "clean";

    /// <summary>"failure", a method's id: the method's blocking record was found only through the library's exception
    /// handlers (a retry's backoff sleep after a failed attempt): it blocks after a failure.</summary>
    public const string AfterFailureRecord = "failure";

    /// <summary>"miss", a method's id: the method's blocking record was found only through calls its library makes when a
    /// lookup misses or a lazily built field is still unset: it blocks on a first call or a cache miss.</summary>
    public const string OnMissRecord = "miss";

    /// <summary>"refresh", a method's id: the method's blocking record was found only through calls its library makes once
    /// a time it compares with the clock has passed (or on a first call): it blocks when a cached value has expired.</summary>
    public const string OnRefreshRecord = "refresh";

    /// <summary>"contended", a method's id: the method's blocking record was found only through a wait on a semaphore its
    /// library uses as a mutex: it blocks while another thread holds that lock.</summary>
    public const string WhenContendedRecord = "contended";

    /// <summary>The BURST904 diagnostic property that carries one record: a chain (<see cref="CarriedChain.Format"/>), an
    /// open call (<see cref="OpenItem.Format"/>) or a method that returns an EF Core query (<see cref="QueryRecord"/>).</summary>
    public const string PropertyKey = "BurstAnalyzers.CarriedChain";

    /// <summary>"query", then the method's id: the method returns an EF Core query, for callers to enumerate.</summary>
    public const string QueryRecord = "query";

    /// <summary>"bind", a service type's id and an implementation's, the file that registers it, and the id of the public
    /// static method that makes the registration ("" where none a project above can call): the library registers the
    /// implementation for the service with dependency injection (an <c>AddInfrastructure()</c> extension it defines).</summary>
    public const string BindRecord = "bind";

    /// <summary>"site", the method's id, a path and a span: another blocking call behind a call to a method whose chain
    /// the file carries (the chain names the first).</summary>
    public const string SiteRecord = "site";

    private static readonly ChainsFile s_empty = new(
        new Dictionary<string, CarriedChain>(0, StringComparer.Ordinal),
        new Dictionary<string, List<OpenItem>>(0, StringComparer.Ordinal),
        new HashSet<string>(StringComparer.Ordinal),
        new Dictionary<string, List<Location>>(0, StringComparer.Ordinal),
        new List<(string, string, string, string, string)>(0),
        new HashSet<string>(StringComparer.Ordinal),
        new Dictionary<string, int[]>(0, StringComparer.Ordinal),
        new HashSet<string>(StringComparer.Ordinal),
        new Dictionary<string, ScanCondition>(0, StringComparer.Ordinal));

    private readonly Dictionary<string, CarriedChain> _byMethodId;
    private readonly Dictionary<string, List<OpenItem>> _openByMethodId;
    private readonly HashSet<string> _returnsQuery;
    private readonly Dictionary<string, List<Location>> _sitesByMethodId;
    private readonly List<(string Service, string Implementation, string File, string RegisteredBy, string Construction)> _bindings;
    private readonly HashSet<string> _names;
    private readonly Dictionary<string, int[]> _runs;
    private readonly HashSet<string> _clean;
    private readonly Dictionary<string, ScanCondition> _conditions;

    private ChainsFile(
        Dictionary<string, CarriedChain> byMethodId,
        Dictionary<string, List<OpenItem>> openByMethodId,
        HashSet<string> returnsQuery,
        Dictionary<string, List<Location>> sitesByMethodId,
        List<(string Service, string Implementation, string File, string RegisteredBy, string Construction)> bindings,
        HashSet<string> names,
        Dictionary<string, int[]> runs,
        HashSet<string> clean,
        Dictionary<string, ScanCondition> conditions)
    {
        _runs = runs;
        _clean = clean;
        _conditions = conditions;
        _bindings = bindings;
        _byMethodId = byMethodId;
        _openByMethodId = openByMethodId;
        _returnsQuery = returnsQuery;
        _sitesByMethodId = sitesByMethodId;
        _names = names;
    }

    /// <summary>The value of the <see cref="PropertyKey"/> property that carries <paramref name="chain"/>.</summary>
    public static string Encode(CarriedChain chain) => Encode(chain.Format());

    /// <summary>The value of the <see cref="PropertyKey"/> property that carries one record.</summary>
    public static string Encode(string record) => Convert.ToBase64String(Encoding.UTF8.GetBytes(record));

    /// <summary>The record a property value carries; null for anything that is not base64 of UTF-8 text.</summary>
    public static string? DecodeRecord(string? value)
    {
        if (value is null)
        {
            return null;
        }

        try
        {
            return Encoding.UTF8.GetString(Convert.FromBase64String(value));
        }
        catch (FormatException)
        {
            return null;
        }
    }

    /// <summary>The chain a property value carries; null for anything else.</summary>
    public static CarriedChain? Decode(string? value) => CarriedChain.TryParse(DecodeRecord(value));

    /// <summary>The record of a method that returns an EF Core query.</summary>
    public static string QueryRecordOf(string methodId) => QueryRecord + "\t" + methodId;

    /// <summary>The record of a service registration, with the name of the file that makes it, the method that makes
    /// it ("" where none a project above can call) and the closed construction it binds ("" where the service is none).</summary>
    public static string BindRecordOf(string service, string implementation, string file, string registeredBy, string construction = "")
        => BindRecord + "\t" + service + "\t" + implementation + "\t" + file.Replace('\t', ' ').Replace('\r', ' ').Replace('\n', ' ')
            + (registeredBy.Length > 0 || construction.Length > 0 ? "\t" + registeredBy : "")
            + (construction.Length > 0 ? "\t" + construction : "");

    /// <summary>The record of another blocking call behind a call to a method whose chain is carried.</summary>
    public static string SiteRecordOf(string methodId, FileLinePositionSpan site)
        => string.Join(
            "\t",
            SiteRecord,
            methodId,
            site.Path,
            string.Join(",", site.StartLinePosition.Line, site.StartLinePosition.Character, site.EndLinePosition.Line, site.EndLinePosition.Character));

    /// <summary>The assembly whose chains <paramref name="file"/> holds, or null when it is no chains file.</summary>
    public static string? AssemblyNameOf(AdditionalText file) => AssemblyNameOf(file, Extension);

    /// <summary>The assembly whose facts <paramref name="file"/> holds, or null when it is no library facts file.</summary>
    public static string? LibraryNameOf(AdditionalText file) => AssemblyNameOf(file, LibraryExtension);

    private static string? AssemblyNameOf(AdditionalText file, string extension)
    {
        var path = file.Path;
        if (!path.EndsWith(extension, StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }

        var start = Math.Max(path.LastIndexOf('/'), path.LastIndexOf('\\')) + 1;
        var length = path.Length - extension.Length - start;
        return length > 0 ? path.Substring(start, length) : null;
    }

    /// <summary>Every record the file holds; lines that are not one (a damaged or newer file) are skipped.</summary>
    public static ChainsFile Read(AdditionalText file, CancellationToken cancellationToken)
    {
        if (file.GetText(cancellationToken) is not { } text)
        {
            return s_empty;
        }

        var byMethodId = new Dictionary<string, CarriedChain>(StringComparer.Ordinal);
        var openByMethodId = new Dictionary<string, List<OpenItem>>(StringComparer.Ordinal);
        var returnsQuery = new HashSet<string>(StringComparer.Ordinal);
        var sites = new Dictionary<string, List<Location>>(StringComparer.Ordinal);
        var bindings = new List<(string, string, string, string, string)>();
        var names = new HashSet<string>(StringComparer.Ordinal);
        var runs = new Dictionary<string, int[]>(StringComparer.Ordinal);
        var clean = new HashSet<string>(StringComparer.Ordinal);
        var conditions = new Dictionary<string, ScanCondition>(StringComparer.Ordinal);
        foreach (var line in text.Lines)
        {
            var record = DecodeRecord(PayloadOf(line.ToString()));
            if (CarriedChain.TryParse(record) is { } chain)
            {
                byMethodId[chain.MethodId] = chain;
                names.Add(NameOf(chain.MethodId));
            }
            else if (OpenItem.TryParse(record) is { } open)
            {
                if (!openByMethodId.TryGetValue(open.MethodId, out var items))
                {
                    openByMethodId[open.MethodId] = items = new List<OpenItem>();
                }

                items.Add(open);
                names.Add(NameOf(open.MethodId));
            }
            else if (record is not null && record.StartsWith(QueryRecord + "\tM:", StringComparison.Ordinal))
            {
                var methodId = record.Substring(QueryRecord.Length + 1);
                returnsQuery.Add(methodId);
                names.Add(NameOf(methodId));
            }
            else if (record is not null && record.StartsWith(SiteRecord + "\tM:", StringComparison.Ordinal)
                && record.Split('\t') is { Length: 4 } parts
                && parts[2].Length > 0
                && CarriedChain.TryParseSpan(parts[3], out var span))
            {
                if (!sites.TryGetValue(parts[1], out var list))
                {
                    sites[parts[1]] = list = new List<Location>();
                }

                list.Add(Location.Create(parts[2], default, span));
            }
            else if (record is not null && record.StartsWith(BindRecord + "\tT:", StringComparison.Ordinal)
                && record.Split('\t') is { Length: >= 3 } binding
                && binding[2].StartsWith("T:", StringComparison.Ordinal))
            {
                // The file that registers it came later, then the method that registers it: a file written before has
                // neither (and fields after them are a later writer's, skipped).
                // Then the closed construction a per-entity registration binds, where it is one.
                bindings.Add((
                    binding[1],
                    binding[2],
                    binding.Length >= 4 ? binding[3] : "",
                    binding.Length >= 5 && binding[4].StartsWith("M:", StringComparison.Ordinal) ? binding[4] : "",
                    binding.Length >= 6 && binding[5].StartsWith("T:", StringComparison.Ordinal) ? binding[5] : ""));
            }
            else if (record is not null && record.StartsWith(RunsRecord + "\tM:", StringComparison.Ordinal)
                && record.Split('\t') is { Length: 3 } run
                && ParseOrdinals(run[2]) is { } ordinals)
            {
                runs[run[1]] = ordinals;
                names.Add(NameOf(run[1]));
            }
            else if (record is not null && record.StartsWith(CleanRecord + "\tM:", StringComparison.Ordinal))
            {
                var methodId = record.Substring(CleanRecord.Length + 1);
                clean.Add(methodId);
                names.Add(NameOf(methodId));
            }
            else if (record is not null && record.StartsWith(AfterFailureRecord + "\tM:", StringComparison.Ordinal))
            {
                conditions[record.Substring(AfterFailureRecord.Length + 1)] = ScanCondition.AfterFailure;
            }
            else if (record is not null && record.StartsWith(OnMissRecord + "\tM:", StringComparison.Ordinal))
            {
                conditions[record.Substring(OnMissRecord.Length + 1)] = ScanCondition.OnMiss;
            }
            else if (record is not null && record.StartsWith(OnRefreshRecord + "\tM:", StringComparison.Ordinal))
            {
                conditions[record.Substring(OnRefreshRecord.Length + 1)] = ScanCondition.OnRefresh;
            }
            else if (record is not null && record.StartsWith(WhenContendedRecord + "\tM:", StringComparison.Ordinal))
            {
                conditions[record.Substring(WhenContendedRecord.Length + 1)] = ScanCondition.WhenContended;
            }
        }

        return new ChainsFile(byMethodId, openByMethodId, returnsQuery, sites, bindings, names, runs, clean, conditions);
    }

    public bool MayHave(string methodName) => _names.Contains(methodName);

    /// <summary>The ordinals of the delegate parameters the method runs before it returns; null when it runs none.</summary>
    public int[]? DelegatesRunBy(string? methodId) => methodId is not null && _runs.TryGetValue(methodId, out var ordinals) ? ordinals : null;

    /// <summary>Whether the library's IL shows the method reaches no blocking operation.</summary>
    public bool IsClean(string? methodId) => methodId is not null && _clean.Contains(methodId);

    /// <summary>When the method's blocking record holds: on every call, or only after a failure, on a miss, on a refresh
    /// or while a lock is held inside the library.</summary>
    public ScanCondition ConditionOf(string? methodId)
        => methodId is not null && _conditions.TryGetValue(methodId, out var condition) ? condition : ScanCondition.EveryCall;

    private static int[]? ParseOrdinals(string text)
    {
        var parts = text.Split(',');
        var ordinals = new int[parts.Length];
        for (var i = 0; i < parts.Length; i++)
        {
            if (!int.TryParse(parts[i], NumberStyles.None, CultureInfo.InvariantCulture, out ordinals[i]))
            {
                return null;
            }
        }

        return ordinals;
    }

    public CarriedChain? Get(string? methodId) => methodId is not null && _byMethodId.TryGetValue(methodId, out var chain) ? chain : null;

    /// <summary>The open calls of a method, in the order its build found them.</summary>
    public IReadOnlyList<OpenItem> OpenItemsOf(string? methodId)
        => methodId is not null && _openByMethodId.TryGetValue(methodId, out var items) ? items : Array.Empty<OpenItem>();

    public bool ReturnsQuery(string? methodId) => methodId is not null && _returnsQuery.Contains(methodId);

    /// <summary>The services the library registers, with their implementations.</summary>
    public IReadOnlyList<(string Service, string Implementation, string File, string RegisteredBy, string Construction)> Bindings => _bindings;

    /// <summary>The other blocking calls behind a call to a method whose chain the file carries.</summary>
    public IReadOnlyList<Location> SitesOf(string? methodId)
        => methodId is not null && _sitesByMethodId.TryGetValue(methodId, out var sites) ? sites : Array.Empty<Location>();

    /// <summary>
    /// The value of the <see cref="PropertyKey"/> property on a line of a SARIF log (any version: the property sits on
    /// a line of its own), unescaped; null for any other line.
    /// </summary>
    internal static string? PayloadOf(string line)
    {
        var key = line.IndexOf("\"" + PropertyKey + "\"", StringComparison.Ordinal);
        if (key < 0)
        {
            return null;
        }

        var i = key + PropertyKey.Length + 2;
        i = SkipSpaces(line, i);
        if (i >= line.Length || line[i] != ':')
        {
            return null;
        }

        i = SkipSpaces(line, i + 1);
        return i < line.Length && line[i] == '"' ? JsonString(line, i + 1) : null;
    }

    private static int SkipSpaces(string line, int i)
    {
        while (i < line.Length && char.IsWhiteSpace(line[i]))
        {
            i++;
        }

        return i;
    }

    /// <summary>A JSON string's content from <paramref name="start"/> to its closing quote, unescaped.</summary>
    private static string? JsonString(string line, int start)
    {
        var value = new StringBuilder();
        for (var i = start; i < line.Length; i++)
        {
            var c = line[i];
            if (c == '"')
            {
                return value.ToString();
            }

            if (c != '\\')
            {
                value.Append(c);
                continue;
            }

            if (++i >= line.Length)
            {
                return null;
            }

            switch (line[i])
            {
                case 't': value.Append('\t'); break;
                case 'n': value.Append('\n'); break;
                case 'r': value.Append('\r'); break;
                case 'b': value.Append('\b'); break;
                case 'f': value.Append('\f'); break;
                case 'u' when i + 4 < line.Length && ushort.TryParse(line.Substring(i + 1, 4), System.Globalization.NumberStyles.AllowHexSpecifier, System.Globalization.CultureInfo.InvariantCulture, out var code):
                    value.Append((char)code);
                    i += 4;
                    break;
                case 'u':
                    return null;
                default: value.Append(line[i]); break;
            }
        }

        return null;
    }

    /// <summary>"M:N.T.Orders(System.String)" → "Orders"; "M:N.T.#ctor" → ".ctor", as the symbol names it.</summary>
    private static string NameOf(string methodId)
    {
        var end = methodId.IndexOf('(');
        var path = end < 0 ? methodId : methodId.Substring(0, end);
        var generic = path.IndexOf("``", StringComparison.Ordinal);
        if (generic >= 0)
        {
            path = path.Substring(0, generic);
        }

        var name = path.Substring(path.LastIndexOf('.') + 1);
        return name.Replace('#', '.');
    }
}
