using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// Json.NET reads and writes synchronously from whatever is underneath: over a request or network
/// stream that blocks, over a string or MemoryStream it does not. Its serializer has no async API (BURST006); its
/// readers and tokens do (BURST003).
/// </summary>
public class JsonNetTests
{
    // The Json.NET surface these tests use, as the package declares it: compiled into a referenced assembly, as the
    // package is (a method of the project itself is judged by its body, not by its "…Async" sibling).
    private const string JsonNet = """
        namespace Newtonsoft.Json
        {
            using System;
            using System.IO;
            using System.Threading;
            using System.Threading.Tasks;

            public abstract class JsonReader
            {
                public abstract bool Read();
                public virtual Task<bool> ReadAsync(CancellationToken cancellationToken = default) => Task.FromResult(Read());
            }

            public abstract class JsonWriter
            {
                public abstract void Flush();
                public virtual Task FlushAsync(CancellationToken cancellationToken = default) => Task.CompletedTask;
            }

            public class JsonTextReader : JsonReader
            {
                public JsonTextReader(TextReader reader) { }
                public override bool Read() => false;
            }

            public class JsonTextWriter : JsonWriter
            {
                public JsonTextWriter(TextWriter writer) { }
                public override void Flush() { }
            }

            public class JsonSerializer
            {
                public object Deserialize(JsonReader reader) => null;
                public T Deserialize<T>(JsonReader reader) => default;
                public object Deserialize(TextReader reader, Type objectType) => null;
                public void Populate(JsonReader reader, object target) { }
                public void Serialize(TextWriter writer, object value) { }
                public void Serialize(JsonWriter writer, object value) { }
            }
        }

        namespace Newtonsoft.Json.Linq
        {
            using System.Threading;
            using System.Threading.Tasks;

            public class JToken
            {
                public static JToken ReadFrom(JsonReader reader) => null;
                public static Task<JToken> ReadFromAsync(JsonReader reader, CancellationToken cancellationToken = default) => Task.FromResult<JToken>(null);
                public static JToken Parse(string json) => null;
            }

            public class JObject : JToken
            {
                public static JObject Load(JsonReader reader) => null;
                public static Task<JObject> LoadAsync(JsonReader reader, CancellationToken cancellationToken = default) => Task.FromResult<JObject>(null);
            }

            public class JTokenReader : JsonReader
            {
                public JTokenReader(JToken token) { }
                public override bool Read() => false;
            }
        }
        """;

    [Fact]
    public Task ReadsOverTheRequestBodyBlock_ReadsOverMemoryDoNot() => Verify.VerifyAnalyzerAsync(TestSource.Files("""

        namespace App
        {
            using System.IO;
            using System.Net.Http;
            using System.Text;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;
            using Newtonsoft.Json;
            using Newtonsoft.Json.Linq;

            public class Order { }

            public class OrdersController : ControllerBase
            {
                private static readonly JsonSerializer Serializer = new();

                public Order Post()
                {
                    var streamReader = new StreamReader(Request.Body);
                    var jsonReader = new JsonTextReader(streamReader);
                    var order = {|BURST006:Serializer.Deserialize<Order>(jsonReader)|};
                    {|BURST006:Serializer.Populate(new JsonTextReader(new StreamReader(Request.Body)), order)|};
                    var loose = {|BURST006:Serializer.Deserialize(new StreamReader(Request.Body), typeof(Order))|};
                    var token = {|BURST003:JToken.ReadFrom(jsonReader)|};
                    var obj = {|BURST003:JObject.Load(new JsonTextReader(new StreamReader(Request.Body)))|};
                    {|BURST003:jsonReader.Read()|};
                    return order;
                }

                public Order FromMemory(string json, byte[] bytes)
                {
                    var fromString = Serializer.Deserialize<Order>(new JsonTextReader(new StringReader(json)));
                    var memory = new MemoryStream(bytes);
                    var reader = new JsonTextReader(new StreamReader(memory));
                    var fromBytes = Serializer.Deserialize<Order>(reader);
                    var token = JToken.ReadFrom(new JsonTextReader(new StringReader(json)));
                    var parsed = JToken.Parse(json);
                    var again = Serializer.Deserialize<Order>(new JTokenReader(parsed));
                    reader.Read();
                    var text = new StringWriter();
                    Serializer.Serialize(text, fromString);
                    Serializer.Serialize(new JsonTextWriter(new StreamWriter(new MemoryStream())), fromBytes);
                    return fromString;
                }

                public async Task<Order> Buffered(HttpClient http)
                {
                    using var response = await http.GetAsync("http://orders/1");
                    var stream = await response.Content.ReadAsStreamAsync();
                    return Serializer.Deserialize<Order>(new JsonTextReader(new StreamReader(stream)));
                }

                public async Task<Order> Unbuffered(HttpClient http)
                {
                    using var response = await http.GetAsync("http://orders/1", HttpCompletionOption.ResponseHeadersRead);
                    var stream = await response.Content.ReadAsStreamAsync();
                    return {|BURST006:Serializer.Deserialize<Order>(new JsonTextReader(new StreamReader(stream)))|};
                }

                public void Write(Order order)
                {
                    {|BURST006:Serializer.Serialize(new StreamWriter(Response.Body), order)|};
                    var writer = new JsonTextWriter(new StreamWriter(Response.Body));
                    {|BURST006:Serializer.Serialize(writer, order)|};
                    {|BURST003:writer.Flush()|};
                }
            }
        }
        """), references: ReferenceSets.WithLibrary("Newtonsoft.Json", JsonNet));

    [Fact]
    public Task TheMessageSaysThereIsNoAsyncSerializer() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""

            namespace App
            {
                using System.IO;
                using Microsoft.AspNetCore.Mvc;
                using Newtonsoft.Json;

                public class OrdersController : ControllerBase
                {
                    public object Post() => {|#0:new JsonSerializer().Deserialize(new JsonTextReader(new StreamReader(Request.Body)))|};
                }
            }
            """),
        references: ReferenceSets.WithLibrary("Newtonsoft.Json", JsonNet),
        expected:
        Verify.Diagnostic("BURST006").WithLocation(0).WithMessage(
            "'JsonSerializer.Deserialize' blocks request handler 'OrdersController.Post' and has no async alternative; read the content into memory with an awaited call first (or use System.Text.Json's async API), or run it on dedicated threads with [OffloadBlocking]"));
}
