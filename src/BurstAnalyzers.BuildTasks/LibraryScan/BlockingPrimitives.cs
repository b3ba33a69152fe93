using System;
using System.Collections.Generic;

namespace BurstAnalyzers.BuildTasks.LibraryScan;

/// <summary>
/// The runtime's blocking operations, recognised by name where a scanned library calls into the framework: the one table
/// of what the library scan counts as blocking (docs/library-facts.md lists it). A call names the method's declaring
/// type as the compiler emitted it (for a virtual method, the type that first declared it: a call to
/// <c>NetworkStream.Read</c> on a <c>Stream</c> variable names <c>Stream.Read</c>, which is not listed, since most streams
/// are in memory).
/// </summary>
internal static class BlockingPrimitives
{
    public const string Sleep = "BURST001";
    public const string TaskWait = "BURST002";
    public const string SyncIo = "BURST003";
    public const string PrimitiveWait = "BURST004";

    private const string AnyMember = "*";

    /// <summary>The rule a member that reaches several kinds of blocking call is reported with: the first it reaches.</summary>
    public static readonly string[] ByPriority = { SyncIo, PrimitiveWait, TaskWait, Sleep };

    // Type (metadata full name, nested types joined by '.', arity as `n) → member names (getters as get_X) → rule.
    private static readonly Dictionary<string, Dictionary<string, string>> s_table = Build(
        (Sleep, "System.Threading.Thread", new[] { "Sleep" }),

        // Not a ValueTask's Result or GetResult: a ValueTask may only be read once complete (a library that reads one
        // synchronously made it complete synchronously, as Polly's synchronous pipelines do).
        (TaskWait, "System.Threading.Tasks.Task", new[] { "Wait", "WaitAll", "WaitAny" }),
        (TaskWait, "System.Threading.Tasks.Task`1", new[] { "get_Result" }),
        (TaskWait, "System.Runtime.CompilerServices.TaskAwaiter", new[] { "GetResult" }),
        (TaskWait, "System.Runtime.CompilerServices.TaskAwaiter`1", new[] { "GetResult" }),
        (TaskWait, "System.Runtime.CompilerServices.ConfiguredTaskAwaitable.ConfiguredTaskAwaiter", new[] { "GetResult" }),
        (TaskWait, "System.Runtime.CompilerServices.ConfiguredTaskAwaitable`1.ConfiguredTaskAwaiter", new[] { "GetResult" }),

        // Not Monitor.Enter (a lock): held for a moment by design, the analyzer's rules leave it alone too.
        (PrimitiveWait, "System.Threading.Monitor", new[] { "Wait" }),
        (PrimitiveWait, "System.Threading.WaitHandle", new[] { "WaitOne", "WaitAll", "WaitAny", "SignalAndWait" }),
        (PrimitiveWait, "System.Threading.ManualResetEventSlim", new[] { "Wait" }),
        (PrimitiveWait, "System.Threading.SemaphoreSlim", new[] { "Wait" }),
        (PrimitiveWait, "System.Threading.CountdownEvent", new[] { "Wait" }),
        (PrimitiveWait, "System.Threading.Barrier", new[] { "SignalAndWait" }),
        (PrimitiveWait, "System.Threading.Thread", new[] { "Join" }),
        (PrimitiveWait, "System.Collections.Concurrent.BlockingCollection`1", new[] { "Take", "TryTake" }),

        (SyncIo, "System.Net.Sockets.Socket", new[] { "Connect", "Accept", "Send", "SendTo", "SendFile", "Receive", "ReceiveFrom", "ReceiveMessageFrom", "Poll", "Select", "Disconnect" }),
        (SyncIo, "System.Net.Sockets.TcpClient", new[] { "Connect" }),
        (SyncIo, "System.Net.Sockets.TcpListener", new[] { "AcceptSocket", "AcceptTcpClient" }),
        (SyncIo, "System.Net.Sockets.UdpClient", new[] { "Send", "Receive" }),
        (SyncIo, "System.Net.Sockets.NetworkStream", new[] { "Read", "Write", "ReadByte", "WriteByte" }),
        (SyncIo, "System.Net.Security.SslStream", new[] { "AuthenticateAsClient", "AuthenticateAsServer", "Read", "Write", "ReadByte" }),
        (SyncIo, "System.Net.Dns", new[] { "GetHostEntry", "GetHostAddresses", "GetHostByName", "GetHostByAddress", "Resolve" }),
        (SyncIo, "System.Net.Http.HttpMessageInvoker", new[] { "Send" }),
        (SyncIo, "System.Net.Http.HttpClient", new[] { "Send" }),
        (SyncIo, "System.Net.Http.HttpContent", new[] { "ReadAsStream", "CopyTo" }),
        (SyncIo, "System.Net.WebRequest", new[] { "GetResponse", "GetRequestStream" }),
        (SyncIo, "System.Net.HttpWebRequest", new[] { "GetResponse", "GetRequestStream" }),
        (SyncIo, "System.Net.WebClient", new[] { "DownloadString", "DownloadData", "DownloadFile", "UploadString", "UploadData", "UploadFile", "UploadValues", "OpenRead", "OpenWrite" }),
        (SyncIo, "System.Net.Mail.SmtpClient", new[] { "Send" }),
        (SyncIo, "System.Net.NetworkInformation.Ping", new[] { "Send" }),

        // File and directory operations touch the disk; Exists only probes metadata and has no async form.
        (SyncIo, "System.IO.File", new[] { AnyMember }),
        (SyncIo, "System.IO.Directory", new[] { "CreateDirectory", "Delete", "Move", "GetFiles", "GetDirectories", "GetFileSystemEntries", "EnumerateFiles", "EnumerateDirectories", "EnumerateFileSystemEntries" }),
        (SyncIo, "System.IO.FileInfo", new[] { "Open", "OpenRead", "OpenWrite", "OpenText", "Create", "CreateText", "AppendText", "Delete", "MoveTo", "CopyTo", "Replace" }),
        (SyncIo, "System.IO.FileStream", new[] { ".ctor", "Read", "Write", "ReadByte", "WriteByte", "Flush" }),

        // ADO.NET: both the base classes and the interfaces (Dapper calls IDbCommand.ExecuteReader).
        (SyncIo, "System.Data.Common.DbCommand", new[] { "ExecuteReader", "ExecuteNonQuery", "ExecuteScalar", "ExecuteDbDataReader", "Prepare" }),
        (SyncIo, "System.Data.IDbCommand", new[] { "ExecuteReader", "ExecuteNonQuery", "ExecuteScalar", "Prepare" }),
        (SyncIo, "System.Data.Common.DbConnection", new[] { "Open" }),
        (SyncIo, "System.Data.IDbConnection", new[] { "Open" }),
        (SyncIo, "System.Data.Common.DbDataReader", new[] { "Read", "NextResult" }),
        (SyncIo, "System.Data.IDataReader", new[] { "Read", "NextResult" }),
        (SyncIo, "System.Data.Common.DbTransaction", new[] { "Commit", "Rollback" }),
        (SyncIo, "System.Data.IDbTransaction", new[] { "Commit", "Rollback" }),

        (SyncIo, "System.Diagnostics.Process", new[] { "WaitForExit" }));

    /// <summary>The rule a call to <paramref name="member"/> of <paramref name="type"/> breaks, or null.</summary>
    public static string? RuleOf(string type, string member)
        => s_table.TryGetValue(type, out var members) && (members.TryGetValue(member, out var rule) || members.TryGetValue(AnyMember, out rule))
            && !(type == "System.IO.File" && member == "Exists")
                ? rule
                : null;

    /// <summary>Whether a zero timeout makes the call a try (<c>Wait(0)</c>, <c>Sleep(0)</c>): the last argument then
    /// decides, and the scan does not count the call.</summary>
    public static bool TakesTimeout(string rule) => rule is Sleep or PrimitiveWait or TaskWait;

    private static Dictionary<string, Dictionary<string, string>> Build(params (string Rule, string Type, string[] Members)[] rows)
    {
        var table = new Dictionary<string, Dictionary<string, string>>(StringComparer.Ordinal);
        foreach (var (rule, type, members) in rows)
        {
            if (!table.TryGetValue(type, out var byMember))
            {
                table[type] = byMember = new Dictionary<string, string>(StringComparer.Ordinal);
            }

            foreach (var member in members)
            {
                byMember[member] = rule;
            }
        }

        return table;
    }
}
