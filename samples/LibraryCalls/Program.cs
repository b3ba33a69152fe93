using System.Data;
using Dapper;
using MailKit.Net.Smtp;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Data.SqlClient;
using MimeKit;
using MongoDB.Driver;
using Polly;
using Renci.SshNet;
using StackExchange.Redis;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddControllers();
var app = builder.Build();
app.MapControllers();
app.Run();

public sealed record Order(int Id, bool Open);

/// <summary>Each action calls one library's synchronous member, as handlers written before the async APIs do.</summary>
[ApiController]
[Route("library")]
public sealed class LibraryController(IConnectionMultiplexer redis, IDbConnection database, IMongoCollection<Order> orders, ResiliencePipeline pipeline) : ControllerBase
{
    // A monitor wait inside StackExchange.Redis; StringGetAsync is its counterpart.
    [HttpGet("cache/{key}")]
    public string? Cache(string key) => redis.GetDatabase().StringGet(key); // BURST003

    // Dapper's Query<T> takes a 'buffered' flag its QueryAsync<T> lacks, so no counterpart matches: the scan sees the
    // connection opened and the reader read inside.
    [HttpGet("orders")]
    public int Orders() => database.Query<Order>("select id, open from orders").Count(); // BURST003

    // Find only builds a fluent query (the cursor is opened by ToList, ToCursor...): no I/O here.
    [HttpGet("pending")]
    public IFindFluent<Order, Order> Pending() => orders.Find(order => order.Open).Limit(10);

    // The cursor's ToList sends the query and reads the replies.
    [HttpGet("open")]
    public List<Order> Open() => orders.Find(order => order.Open).ToList(); // BURST003

    [HttpPost("mail/{to}")]
    public void Mail(string to)
    {
        using var smtp = new SmtpClient();
        smtp.Connect("localhost", 25); // BURST003
        smtp.Send(new MimeMessage([], [MailboxAddress.Parse(to)], "Order received", new TextPart("plain") { Text = "Thanks." })); // BURST003
    }

    [HttpPost("upload")]
    public void Upload()
    {
        using var sftp = new SftpClient("files.example", "user", "password");
        sftp.Connect(); // BURST003
        sftp.UploadFile(Request.Body, "/incoming/order.json"); // BURST003
    }

    // Raw ADO.NET, already async: ReadAsync brings in the whole row, so the column reads touch memory. Nothing here is
    // reported (inside SqlClient they reach the network or a wait only with SequentialAccess or Always Encrypted).
    [HttpGet("notes")]
    public async Task<List<string>> Notes()
    {
        await using var connection = new SqlConnection("Server=orders;Integrated Security=true");
        await connection.OpenAsync();
        await using var command = new SqlCommand("select id, note from orders", connection);
        await using var reader = await command.ExecuteReaderAsync();
        var notes = new List<string>();
        while (await reader.ReadAsync())
        {
            if (!reader.IsDBNull(1))
            {
                notes.Add(reader.GetInt32(reader.GetOrdinal("id")) + ": " + reader.GetString(1) + " " + reader.GetFieldValue<string>(1));
            }
        }

        return notes;
    }

    // The same written synchronously: the round trips are reported, the column reads are not.
    [HttpGet("notes/sync")]
    public List<string> NotesSync()
    {
        using var connection = new SqlConnection("Server=orders;Integrated Security=true");
        connection.Open(); // BURST003
        using var command = new SqlCommand("select note from orders", connection);
        using var reader = command.ExecuteReader(); // BURST003
        var notes = new List<string>();
        while (reader.Read()) // BURST003
        {
            notes.Add(reader.GetString(0));
        }

        return notes;
    }

    // The pipeline runs the delegate on this thread: the helper's sleep is this action's.
    [HttpPost("retry")]
    public void Retry() => Retrying.Run(pipeline); // BURST005
}

public static class Retrying
{
    public static void Run(ResiliencePipeline pipeline) => pipeline.Execute(() => Thread.Sleep(100));
}
