using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace BurstAnalyzers.BuildTasks.LibraryScan;

/// <summary>
/// The facts file of one scanned assembly, <c>&lt;assembly name&gt;.burstfacts</c>: the analyzer reads it with the code
/// that reads a library project's chains file (src/BurstAnalyzers/FactsFiles/ChainsFile.cs), so each line is that
/// file's line, <c>"BurstAnalyzers.CarriedChain": "&lt;base64 of the UTF-8 record&gt;"</c>, and a blocking member's record
/// is a <c>CarriedChain</c> with no source location (tests/BurstAnalyzers.Tests/LibraryScan pin both against the
/// analyzer's parser).
/// </summary>
internal static class FactsFile
{
    public const string Extension = ".burstfacts";

    private const string PropertyKey = "BurstAnalyzers.CarriedChain";

    /// <summary>"M:…\tBURST004\t3\t\t0,0,0,0\tIDatabase.StringGet → … → Monitor.Wait".</summary>
    public static string Blocking(string id, string rule, int depth, string route)
        => string.Join("\t", id, rule, depth.ToString(CultureInfo.InvariantCulture), string.Empty, "0,0,0,0", route);

    /// <summary>"runs\tM:…\t0,1": the member invokes the delegates passed at these parameters before it returns.</summary>
    public static string Runs(string id, IEnumerable<int> ordinals)
        => "runs\t" + id + "\t" + string.Join(",", ordinals);

    /// <summary>"clean\tM:…": a synchronous member with an async twin whose whole scan reaches no blocking operation.</summary>
    public static string Clean(string id) => "clean\t" + id;

    /// <summary>"failure\tM:…": the member's blocking record was found only through the library's exception handlers (a
    /// retry's backoff after a failed attempt, a cleanup before rethrowing): it blocks after a failure.</summary>
    public static string AfterFailure(string id) => "failure\t" + id;

    /// <summary>"miss\tM:…": the member's blocking record was found only through calls made on a first call or a cache
    /// miss (MissGuards): it blocks when a lookup misses or a lazily built field is still unset.</summary>
    public static string OnMiss(string id) => "miss\t" + id;

    /// <summary>"refresh\tM:…": the member's blocking record was found only through calls made once a time compared with
    /// the clock has passed (MissGuards), or on a first call: it blocks when a cached value has expired.</summary>
    public static string OnRefresh(string id) => "refresh\t" + id;

    /// <summary>"contended\tM:…": the member's blocking record was found only through a wait on a semaphore its library
    /// uses as a mutex (MutexWaits): it blocks while another thread holds that lock.</summary>
    public static string WhenContended(string id) => "contended\t" + id;

    /// <summary>Whether the record is a blocking member's (a chain, which starts with the member's id), not a
    /// <c>runs</c>, <c>clean</c>, <c>miss</c>, <c>refresh</c>, <c>contended</c> or <c>failure</c> record.</summary>
    public static bool IsBlocking(string record) => record.StartsWith("M:", StringComparison.Ordinal);

    public static string Line(string record)
        => "\"" + PropertyKey + "\": \"" + Convert.ToBase64String(Encoding.UTF8.GetBytes(record)) + "\"";

    public static string Text(IEnumerable<string> records)
    {
        var text = new StringBuilder();
        foreach (var record in records)
        {
            text.Append(Line(record)).Append('\n');
        }

        return text.ToString();
    }
}
