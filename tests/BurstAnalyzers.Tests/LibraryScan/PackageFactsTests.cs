using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace BurstAnalyzers.Tests.LibraryScan;

/// <summary>
/// The library scan on real packages (<see cref="PackageSet"/>): the records it writes for the calls a request handler
/// makes, each chain checked against the library's code (docs/library-facts.md). Members named by the id Roslyn gives
/// the symbol a call binds to, which <see cref="Ids_are_the_ones_Roslyn_gives_the_called_members"/> pins.
/// </summary>
public sealed class PackageFactsTests
{
    private static PackageSet Set => PackageSet.Scanned;

    [Fact]
    public void Redis_StringGet_waits_on_a_monitor_behind_the_interface()
    {
        Assert.Equal(
            Chain(
                "M:StackExchange.Redis.IDatabase.StringGet(StackExchange.Redis.RedisKey,StackExchange.Redis.CommandFlags)",
                "BURST004",
                4,
                "IDatabase.StringGet → RedisDatabase.StringGet → RedisBase.ExecuteSync → ConnectionMultiplexer.ExecuteSyncImpl → Monitor.Wait"),
            Set.Facts("M:StackExchange.Redis.IDatabase.StringGet(StackExchange.Redis.RedisKey,StackExchange.Redis.CommandFlags)"));

        // The async twin returns a task: never reported, and no clean record either (it has no Async twin of its own).
        Assert.Equal(string.Empty, Set.Facts("M:StackExchange.Redis.IDatabaseAsync.StringGetAsync(StackExchange.Redis.RedisKey,StackExchange.Redis.CommandFlags)"));
    }

    [Fact]
    public void MailKit_Send_and_Connect_do_socket_io()
    {
        Assert.Equal(
            Chain(
                "M:MailKit.MailTransport.Send(MimeKit.MimeMessage,System.Threading.CancellationToken,MailKit.ITransferProgress)",
                "BURST003",
                7,
                "MailTransport.Send → MailTransport.Send → SmtpClient.Send → SmtpClient.Send → SmtpClient.MessageData → SmtpStream.Write → NetworkStream.Poll → Socket.Poll"),
            Set.Facts("M:MailKit.MailTransport.Send(MimeKit.MimeMessage,System.Threading.CancellationToken,MailKit.ITransferProgress)"));
        Assert.Equal(
            Chain(
                "M:MailKit.Net.Smtp.SmtpClient.Connect(System.String,System.Int32,MailKit.Security.SecureSocketOptions,System.Threading.CancellationToken)",
                "BURST003",
                2,
                "SmtpClient.Connect → SmtpClient.SslHandshake → SslStream.AuthenticateAsClient"),
            Set.Facts("M:MailKit.Net.Smtp.SmtpClient.Connect(System.String,System.Int32,MailKit.Security.SecureSocketOptions,System.Threading.CancellationToken)"));
    }

    [Fact]
    public void RestSharp_Execute_runs_the_async_call_synchronously()
    {
        Assert.Equal(
            Chain(
                "M:RestSharp.RestClientExtensions.Execute(RestSharp.IRestClient,RestSharp.RestRequest)",
                "BURST002",
                2,
                "RestClientExtensions.Execute → AsyncHelpers.RunSync → TaskAwaiter.GetResult"),
            Set.Facts("M:RestSharp.RestClientExtensions.Execute(RestSharp.IRestClient,RestSharp.RestRequest)"));
        Assert.Equal(
            Chain(
                "M:RestSharp.RestClientExtensions.Get``1(RestSharp.IRestClient,RestSharp.RestRequest)",
                "BURST002",
                2,
                "RestClientExtensions.Get → AsyncHelpers.RunSync → TaskAwaiter.GetResult"),
            Set.Facts("M:RestSharp.RestClientExtensions.Get``1(RestSharp.IRestClient,RestSharp.RestRequest)"));
    }

    [Fact]
    public void SshNet_UploadFile_waits_for_its_async_upload()
    {
        Assert.Equal(
            Chain(
                "M:Renci.SshNet.SftpClient.UploadFile(System.IO.Stream,System.String,System.Action{System.UInt64})",
                "BURST002",
                2,
                "SftpClient.UploadFile → SftpClient.UploadFile → TaskAwaiter.GetResult"),
            Set.Facts("M:Renci.SshNet.SftpClient.UploadFile(System.IO.Stream,System.String,System.Action{System.UInt64})"));
        Assert.Equal(
            Chain(
                "M:Renci.SshNet.ISftpClient.UploadFile(System.IO.Stream,System.String,System.Action{System.UInt64})",
                "BURST002",
                3,
                "ISftpClient.UploadFile → SftpClient.UploadFile → SftpClient.UploadFile → TaskAwaiter.GetResult"),
            Set.Facts("M:Renci.SshNet.ISftpClient.UploadFile(System.IO.Stream,System.String,System.Action{System.UInt64})"));
    }

    [Fact]
    public void Dapper_Query_does_database_io_in_the_iterator_it_enumerates()
    {
        // Query<T> with buffered: true calls ToList on QueryImpl's iterator: the iterator's body runs inside the call. Its
        // first blocking call opens the connection when it was closed; it then calls IDbCommand.ExecuteReader.
        Assert.Equal(
            Chain(
                "M:Dapper.SqlMapper.Query``1(System.Data.IDbConnection,System.String,System.Object,System.Data.IDbTransaction,System.Boolean,System.Nullable{System.Int32},System.Nullable{System.Data.CommandType})",
                "BURST003",
                2,
                "SqlMapper.Query → SqlMapper.QueryImpl → IDbConnection.Open"),
            Set.Facts("M:Dapper.SqlMapper.Query``1(System.Data.IDbConnection,System.String,System.Object,System.Data.IDbTransaction,System.Boolean,System.Nullable{System.Int32},System.Nullable{System.Data.CommandType})"));
        Assert.Equal(
            Chain(
                "M:Dapper.SqlMapper.Execute(System.Data.IDbConnection,System.String,System.Object,System.Data.IDbTransaction,System.Nullable{System.Int32},System.Nullable{System.Data.CommandType})",
                "BURST003",
                2,
                "SqlMapper.Execute → SqlMapper.ExecuteImpl → IDbConnection.Open"),
            Set.Facts("M:Dapper.SqlMapper.Execute(System.Data.IDbConnection,System.String,System.Object,System.Data.IDbTransaction,System.Nullable{System.Int32},System.Nullable{System.Data.CommandType})"));
    }

    // Inside SqlClient the column reads reach a wait only with SequentialAccess or Always Encrypted (checked table,
    // rows 49-55); after ReadAsync they read the buffered row. Read fetches the next row and stays blocking, and so does
    // Npgsql's schema table, which queries the catalog.
    [Fact]
    public void SqlClient_column_reads_touch_the_row_Read_fetched()
    {
        Assert.Equal(string.Empty, Set.Facts("M:Microsoft.Data.SqlClient.SqlDataReader.GetInt32(System.Int32)"));
        Assert.Equal(string.Empty, Set.Facts("M:Microsoft.Data.SqlClient.SqlDataReader.GetSqlInt32(System.Int32)"));
        Assert.Equal(string.Empty, Set.Facts("M:Microsoft.Data.SqlClient.SqlDataReader.GetOrdinal(System.String)"));
        Assert.StartsWith("M:Npgsql.NpgsqlDataReader.GetSchemaTable\tBURST", Set.Facts("M:Npgsql.NpgsqlDataReader.GetSchemaTable"), StringComparison.Ordinal);
        Assert.Equal("clean\tM:Microsoft.Data.SqlClient.SqlDataReader.IsDBNull(System.Int32)", Set.Facts("M:Microsoft.Data.SqlClient.SqlDataReader.IsDBNull(System.Int32)"));
        Assert.StartsWith("M:Microsoft.Data.SqlClient.SqlDataReader.Read\tBURST", Set.Facts("M:Microsoft.Data.SqlClient.SqlDataReader.Read"), StringComparison.Ordinal);
        Assert.StartsWith("M:Microsoft.Data.SqlClient.SqlDataReader.NextResult\tBURST", Set.Facts("M:Microsoft.Data.SqlClient.SqlDataReader.NextResult"), StringComparison.Ordinal);
    }

    // Open's shortest I/O chain fetched the DTC address, which a connection does once (`if (_whereAbouts == null)`,
    // a first call): what every Open can meet is the pool's wait for a connection.
    [Fact]
    public void SqlClient_ExecuteReader_does_database_io_and_Open_waits_for_a_pooled_connection()
    {
        Assert.Equal(
            Chain(
                "M:Microsoft.Data.SqlClient.SqlCommand.ExecuteReader",
                "BURST003",
                6,
                "SqlCommand.ExecuteReader → SqlCommand.ExecuteReader → SqlCommand.RunExecuteReader → SqlCommand.RunExecuteReader → SqlCommand.PrepareForTransparentEncryption → SqlCommand.ReadDescribeEncryptionParameterResults → DbDataReader.NextResult"),
            Set.Facts("M:Microsoft.Data.SqlClient.SqlCommand.ExecuteReader"));
        var open = Set.Facts("M:Microsoft.Data.SqlClient.SqlConnection.Open");
        Assert.StartsWith("M:Microsoft.Data.SqlClient.SqlConnection.Open\tBURST004\t", open, StringComparison.Ordinal);
        Assert.EndsWith("WaitHandleDbConnectionPool.TryGetConnection → WaitHandle.WaitAny", open, StringComparison.Ordinal);
    }

    // The APM pair: Begin… starts the operation and returns (its chains were SqlClient's error and Always Encrypted
    // paths, checked table rows 43 and 44), End… waits for it.
    [Fact]
    public void SqlClient_Begin_starts_an_operation_and_End_waits_for_it()
    {
        Assert.Equal(string.Empty, Set.Facts("M:Microsoft.Data.SqlClient.SqlCommand.BeginExecuteNonQuery(System.AsyncCallback,System.Object)"));
        Assert.Equal(string.Empty, Set.Facts("M:Microsoft.Data.SqlClient.SqlCommand.BeginExecuteReader(System.AsyncCallback,System.Object,System.Data.CommandBehavior)"));
        Assert.StartsWith("M:Microsoft.Data.SqlClient.SqlCommand.EndExecuteNonQuery(System.IAsyncResult)\tBURST004\t", Set.Facts("M:Microsoft.Data.SqlClient.SqlCommand.EndExecuteNonQuery(System.IAsyncResult)"), StringComparison.Ordinal);
        Assert.StartsWith("M:Microsoft.Data.SqlClient.SqlCommand.EndExecuteReader(System.IAsyncResult)\tBURST004\t", Set.Facts("M:Microsoft.Data.SqlClient.SqlCommand.EndExecuteReader(System.IAsyncResult)"), StringComparison.Ordinal);
    }

    [Fact]
    public void Npgsql_Open_waits_for_its_async_path_but_ExecuteReader_reads_a_ValueTask_and_gets_no_record()
    {
        Assert.Equal(
            Chain("M:Npgsql.NpgsqlConnection.Open", "BURST002", 1, "NpgsqlConnection.Open → TaskAwaiter.GetResult"),
            Set.Facts("M:Npgsql.NpgsqlConnection.Open"));

        // ExecuteReader reads the ValueTask of ExecuteReader(async: false), whose socket reads the scan does not follow
        // (docs/library-facts.md, "Not yet"): no chain, and no clean record, so the analyzer keeps its name rule.
        Assert.Equal(string.Empty, Set.Facts("M:Npgsql.NpgsqlCommand.ExecuteReader(System.Data.CommandBehavior)"));
    }

    [Fact]
    public void AzureBlobs_Upload_waits_on_its_sync_over_async_pipeline_DownloadTo_a_path_creates_the_file_and_GetBlobs_is_lazy()
    {
        Assert.Equal(
            Chain(
                "M:Azure.Storage.Blobs.BlobClient.Upload(System.IO.Stream)",
                "BURST002",
                5,
                "BlobClient.Upload → BlobClient.Upload → BlobClient.Upload → BlobClient.Upload → TaskExtensions.EnsureCompleted → TaskAwaiter.GetResult"),
            Set.Facts("M:Azure.Storage.Blobs.BlobClient.Upload(System.IO.Stream)"));
        Assert.Equal(
            Chain(
                "M:Azure.Storage.Blobs.Specialized.BlobBaseClient.DownloadTo(System.String)",
                "BURST003",
                3,
                "BlobBaseClient.DownloadTo → BlobBaseClient.DownloadTo → BlobBaseClient.DownloadTo → File.Create"),
            Set.Facts("M:Azure.Storage.Blobs.Specialized.BlobBaseClient.DownloadTo(System.String)"));

        // GetBlobs returns a Pageable<T> that sends its requests when enumerated: quick itself, yet not clean (the foreach
        // after it blocks, and the analyzer's name rule is what reports it).
        Assert.Equal(string.Empty, Set.Facts("M:Azure.Storage.Blobs.BlobContainerClient.GetBlobs(Azure.Storage.Blobs.Models.GetBlobsOptions,System.Threading.CancellationToken)"));
    }

    [Fact]
    public void MongoDB_Find_only_builds_a_fluent_and_is_clean_while_FindSync_and_ToList_reach_the_retry_loop_after_a_failure()
    {
        Assert.Equal(
            "clean\tM:MongoDB.Driver.IMongoCollectionExtensions.Find``1(MongoDB.Driver.IMongoCollection{``0},System.Linq.Expressions.Expression{System.Func{``0,System.Boolean}},MongoDB.Driver.FindOptions)",
            Set.Facts("M:MongoDB.Driver.IMongoCollectionExtensions.Find``1(MongoDB.Driver.IMongoCollection{``0},System.Linq.Expressions.Expression{System.Func{``0,System.Boolean}},MongoDB.Driver.FindOptions)"));
        // FindSync's socket I/O is behind Stream.Write/Read (not followed) and its connection is acquired through
        // IChannelSource.GetChannel, whose implementations differ: ServerChannelSource checks a connection out of the
        // pool (opening one on a miss), ChannelChannelSource forks the channel a transaction pinned (no I/O). That
        // dispatch depends on the implementation, so the chain the scan can show is the retry loop's backoff sleep, which
        // every read operation reaches (RetryableReadOperationExecutor.Execute: Thread.Sleep(backoff) in its catch, before
        // a retry): recorded with its condition, after a failure.
        const string FindSync = "M:MongoDB.Driver.IMongoCollection`1.FindSync``1(MongoDB.Driver.FilterDefinition{`0},MongoDB.Driver.FindOptions{`0,``0},System.Threading.CancellationToken)";
        var findSync = Set.Facts(FindSync).Split('\n');
        Assert.Equal(2, findSync.Length);
        Assert.StartsWith(FindSync + "\tBURST001\t", findSync[0], StringComparison.Ordinal);
        Assert.Equal("failure\t" + FindSync, findSync[1]);
        const string ToList = "M:MongoDB.Driver.IAsyncCursorSourceExtensions.ToList``1(MongoDB.Driver.IAsyncCursorSource{``0},System.Threading.CancellationToken)";
        var toList = Set.Facts(ToList).Split('\n');
        Assert.Equal(2, toList.Length);
        Assert.EndsWith(
            "IReadOperation.Execute → DistinctOperation.Execute → ReadCommandOperation.Execute → RetryableReadOperationExecutor.Execute → Thread.Sleep",
            toList[0],
            StringComparison.Ordinal);
        Assert.Equal("failure\t" + ToList, toList[1]);
    }

    [Fact]
    public void Polly_Execute_runs_its_callback_in_place_and_does_not_block_itself()
    {
        // Execute hands the callback to its pipeline's ExecuteCore, whose strategies' async bodies invoke it; in a
        // synchronous pipeline they complete synchronously (TaskHelper.GetResult reads a completed ValueTask).
        Assert.Equal("runs\tM:Polly.ResiliencePipeline.Execute(System.Action)\t0", Set.Facts("M:Polly.ResiliencePipeline.Execute(System.Action)"));
        Assert.Equal("runs\tM:Polly.ResiliencePipeline.Execute``1(System.Func{``0})\t0", Set.Facts("M:Polly.ResiliencePipeline.Execute``1(System.Func{``0})"));
    }

    public static TheoryData<string, string, string> CalledMembers() => new()
    {
        { "StackExchange.Redis.IDatabase", "StringGet", "M:StackExchange.Redis.IDatabase.StringGet(StackExchange.Redis.RedisKey,StackExchange.Redis.CommandFlags)" },
        { "MailKit.MailTransport", "Send", "M:MailKit.MailTransport.Send(MimeKit.MimeMessage,System.Threading.CancellationToken,MailKit.ITransferProgress)" },
        { "Dapper.SqlMapper", "Query", "M:Dapper.SqlMapper.Query``1(System.Data.IDbConnection,System.String,System.Object,System.Data.IDbTransaction,System.Boolean,System.Nullable{System.Int32},System.Nullable{System.Data.CommandType})" },
        { "Polly.ResiliencePipeline", "Execute", "M:Polly.ResiliencePipeline.Execute``1(System.Func{``0})" },
        { "MongoDB.Driver.IMongoCollection`1", "FindSync", "M:MongoDB.Driver.IMongoCollection`1.FindSync``1(MongoDB.Driver.FilterDefinition{`0},MongoDB.Driver.FindOptions{`0,``0},System.Threading.CancellationToken)" },
        { "Renci.SshNet.SftpClient", "UploadFile", "M:Renci.SshNet.SftpClient.UploadFile(System.IO.Stream,System.String,System.Action{System.UInt64})" },
    };

    /// <summary>The contract with the analyzer: a record names a member by the id Roslyn gives the symbol read from metadata.</summary>
    [Theory]
    [MemberData(nameof(CalledMembers))]
    public void Ids_are_the_ones_Roslyn_gives_the_called_members(string type, string member, string id)
    {
        var symbols = Compilation.Value.GetTypeByMetadataName(type)!.GetMembers(member);
        Assert.Contains(id, symbols.Select(s => s.GetDocumentationCommentId()));
        Assert.NotEqual(string.Empty, Set.Facts(id));
    }

    private static readonly Lazy<CSharpCompilation> Compilation = new(() =>
    {
        var framework = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(System.IO.Path.PathSeparator)
            .Where(p => System.IO.Path.GetFileName(p).StartsWith("System.", StringComparison.Ordinal) || System.IO.Path.GetFileName(p) is "netstandard.dll" or "mscorlib.dll")
            .Where(p => !Set.Paths.Any(s => string.Equals(System.IO.Path.GetFileName(s), System.IO.Path.GetFileName(p), StringComparison.OrdinalIgnoreCase)));
        return CSharpCompilation.Create(
            "Ids",
            references: framework.Concat(Set.Paths).Select(p => (MetadataReference)MetadataReference.CreateFromFile(p)));
    });

    private static string Chain(string id, string rule, int depth, string route) => string.Join("\t", id, rule, depth, string.Empty, "0,0,0,0", route);
}
