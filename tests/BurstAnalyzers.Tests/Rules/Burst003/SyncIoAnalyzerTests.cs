using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

public class SyncIoAnalyzerTests
{
    [Fact]
    public Task FilesStreamsReadersAndWriters() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class FilesController : ControllerBase
        {
            public string Read(string path)
            {
                var text = {|BURST003:System.IO.File.ReadAllText(path)|};
                {|BURST003:System.IO.File.WriteAllBytes(path, new byte[1])|};
                using var stream = new FileStream(path, FileMode.Open);
                var buffer = new byte[16];
                {|BURST003:stream.Read(buffer, 0, buffer.Length)|};
                {|BURST003:stream.Read(buffer.AsSpan())|};
                {|BURST003:stream.Write(buffer, 0, 1)|};
                {|BURST003:stream.Flush()|};
                {|BURST003:stream.CopyTo(Stream.Null)|};
                using var reader = new StreamReader(path);
                var rest = {|BURST003:reader.ReadToEnd()|};
                using var writer = new StreamWriter(stream);
                {|BURST003:writer.WriteLine(text)|};
                {|BURST003:Request.Body.Read(buffer, 0, 1)|};
                {|BURST003:Response.Body.Write(buffer, 0, 1)|};
                return text + rest;
            }
        }
        """);

    [Fact]
    public Task InMemoryStreamsAndReadersAreNotIo() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Text;
        using System.Text.Json;
        using Microsoft.AspNetCore.Mvc;

        public class MemoryController : ControllerBase
        {
            public string Get()
            {
                var memory = new MemoryStream();
                memory.Write(new byte[] { 1 }, 0, 1);
                memory.Flush();
                memory.Position = 0;
                using var reader = new StreamReader(memory);
                var text = reader.ReadToEnd();
                var fromString = new StringReader("x").ReadToEnd();
                var writer = new StringWriter();
                writer.Write(text);
                using var wrapped = new StreamWriter(new MemoryStream(), Encoding.UTF8);
                wrapped.Write("y");
                JsonSerializer.Serialize(memory, new { A = 1 });
                memory.CopyTo(new MemoryStream());
                {|BURST003:memory.CopyTo(Response.Body)|};
                {|BURST003:JsonSerializer.Serialize(Response.Body, 1)|};
                return writer.ToString() + fromString;
            }
        }
        """);

    /// <summary>
    /// A blocking property blocks where its getter runs, for the direct rules as for BURST005's chains (one verdict):
    /// <c>??=</c> and <c>+=</c> read before they write; a plain assignment or a deconstruction writes only; nothing runs
    /// inside <c>nameof</c>.
    /// </summary>
    [Fact]
    public Task FormBlocksWhereItsGetterRuns() => Verify.VerifyAnalyzerAsync("""
        using Microsoft.AspNetCore.Http;
        using Microsoft.AspNetCore.Mvc;

        public class FormController : ControllerBase
        {
            public string Write()
            {
                var form = new FormCollection(null);
                {|BURST003:Request.Form|} ??= form;
                Request.Form = form;
                var count = 0;
                (Request.Form, count) = (form, 1);
                return nameof(Request.Form) + count;
            }
        }
        """);

    /// <summary>
    /// Model binding reads the form with ReadFormAsync before an action with a parameter bound from it runs
    /// ([FromForm], or an IFormFile/IFormFileCollection/IFormCollection with no other source); Request.Form then returns
    /// the cached collection. A parameter bound from elsewhere, or none, leaves the read to Request.Form.
    /// </summary>
    [Fact]
    public Task FormAfterFormBindingIsCached() => Verify.VerifyAnalyzerAsync("""
        using System.Linq;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Http;
        using Microsoft.AspNetCore.Mvc;

        public class Upload
        {
            public string Title { get; set; } = "";
        }

        public class UploadController : ControllerBase
        {
            public IActionResult Post([FromForm] Upload upload) => Ok(HttpContext.Request.Form.Files.Count + upload.Title);

            public IActionResult File(IFormFile file) => Ok(Request.Form["name"] + file.FileName);

            public IActionResult Files(IFormFileCollection files) => Ok(Request.Form.Files.Count + files.Count);

            public IActionResult InLambda([FromForm] string title) => Ok(new[] { 1 }.Select(i => Request.Form[title]).ToList());

            public IActionResult Query([FromQuery] string title) => Ok({|BURST003:Request.Form|}[title]);

            public IActionResult Service([FromServices] IFormCollection form) => Ok({|BURST003:Request.Form|}.Count + form.Count);
        }

        public static class UploadEndpoints
        {
            public static void Map(WebApplication app)
            {
                app.MapPost("/file", (IFormFile file, HttpRequest request) => request.Form.Files.Count + file.FileName);
                app.MapPost("/name", (HttpRequest request) => {|BURST003:request.Form|}["name"].ToString());
            }
        }
        """);

    /// <summary>
    /// An MVC view controller binds a model parameter from its value providers, the form's among them, which read a form
    /// request asynchronously before the action runs: Request.Form there is the cached form (Blogifier's settings page).
    /// Not in an [ApiController], which binds complex types from the body, nor for a model named from another source.
    /// </summary>
    [Fact]
    public Task FormAfterMvcModelBindingIsCached() => Verify.VerifyAnalyzerAsync("""
        using Microsoft.AspNetCore.Mvc;

        public class SettingsModel
        {
            public string Title { get; set; } = "";
        }

        public class SettingsController : Controller
        {
            [HttpPost]
            public IActionResult Index(SettingsModel model) => Ok(Request.Form["theme"] + model.Title);

            [HttpPost]
            public IActionResult Query([FromQuery] SettingsModel model) => Ok({|BURST003:Request.Form|}["theme"] + model.Title);

            [HttpPost]
            public IActionResult Nothing() => Ok({|BURST003:Request.Form|}["theme"]);
        }

        [ApiController]
        public class ApiSettingsController : Controller
        {
            [HttpPost]
            public IActionResult Index(SettingsModel model) => Ok({|BURST003:Request.Form|}["theme"] + model.Title);
        }
        """);

    [Fact]
    public Task NetworkDatabaseAndProcess() => Verify.VerifyAnalyzerAsync("""
        using System.Data.Common;
        using System.Diagnostics;
        using System.Net;
        using System.Net.Http;
        using System.Net.Sockets;
        using Microsoft.AspNetCore.Mvc;

        public class BackendController : ControllerBase
        {
            public object Get(DbConnection connection, HttpClient http, Socket socket, Process process)
            {
                {|BURST003:connection.Open()|};
                using var command = connection.CreateCommand();
                using var reader = {|BURST003:command.ExecuteReader()|};
                while ({|BURST003:reader.Read()|})
                {
                }

                {|BURST003:reader.NextResult()|};
                var count = {|BURST003:command.ExecuteScalar()|};
                var response = {|BURST003:http.Send(new HttpRequestMessage())|};
                var host = {|BURST003:Dns.GetHostEntry("localhost")|};
                var addresses = {|BURST003:Dns.GetHostAddresses("localhost")|};
                {|BURST003:socket.Connect("localhost", 80)|};
                {|BURST003:process.WaitForExit()|};
                process.WaitForExit(0);
                #pragma warning disable SYSLIB0014
                var page = {|BURST003:new WebClient().DownloadString("http://x/")|};
                var web = {|BURST003:WebRequest.Create("http://x/").GetResponse()|};
                #pragma warning restore SYSLIB0014
                return (count, response, host, addresses, page, web);
            }

            public IActionResult Form() => Ok({|BURST003:Request.Form|}["name"]);
        }
        """);

    [Fact]
    public Task ExtensionCounterpartsInScope() => Verify.VerifyAnalyzerAsync("""
        using System.Collections.Generic;
        using System.Linq;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Acme.Data;

        namespace Acme.Data
        {
            public static class QueryableAsync
            {
                public static Task<List<T>> ToListAsync<T>(this IQueryable<T> source, CancellationToken cancellationToken = default)
                    => Task.FromResult(source.ToList());
            }
        }

        public class OrdersController : ControllerBase
        {
            public int Get(IQueryable<int> orders, IEnumerable<int> inMemory)
                => {|BURST003:orders.ToList()|}.Count + inMemory.ToList().Count;
        }
        """);

    [Fact]
    public Task MessageNamesTheTypeThatDeclaresAnExtensionCounterpart() => Verify.VerifyAnalyzerAsync(
        """
            using System.Collections.Generic;
            using System.Linq;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;
            using Acme.Data;

            namespace Acme.Data
            {
                public static class QueryableAsync
                {
                    public static Task<List<T>> ToListAsync<T>(this IQueryable<T> source) => Task.FromResult(source.ToList());
                }
            }

            public class OrdersController : ControllerBase
            {
                public int Get(IQueryable<int> orders) => {|#0:orders.ToList()|}.Count;
            }
            """,
        Verify.Diagnostic("BURST003")
            .WithLocation(0)
            .WithMessage("'Enumerable.ToList' does synchronous I/O in request handler 'OrdersController.Get'; use 'await QueryableAsync.ToListAsync' instead"));

    [Fact]
    public Task NotIoDespiteAnAsyncTwin() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Threading;
        using System.Xml;
        using Microsoft.AspNetCore.Mvc;

        public class QuietController : ControllerBase
        {
            public void Get(CancellationTokenSource cancellation, XmlReader xml, Stream stream, SemaphoreSlim gate)
            {
                cancellation.Cancel();
                xml.Read();
                stream.Dispose();
                if (gate.Wait(0))
                {
                    gate.Release();
                }
            }

            public async System.Threading.Tasks.Task<int> AlreadyAsync(Stream stream) => await stream.ReadAsync(new byte[1], 0, 1);
        }
        """);
}
