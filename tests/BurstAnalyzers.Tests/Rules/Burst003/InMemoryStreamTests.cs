using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// Calls where every stream involved is in memory do no I/O (docs/rules/BURST003.md): the in-memory types, the readers,
/// writers and buffers built over one (through locals too), and the stream of a buffered HTTP response. The same call
/// over the request's body or a response read at its headers is reported.
/// </summary>
public class InMemoryStreamTests
{
    /// <summary>A library taking a reader or writer, with an async twin, as a codec or SDK would.</summary>
    private const string Codec = """
        namespace Acme.Codec
        {
            using System.IO;
            using System.Threading.Tasks;

            public static class Frames
            {
                public static int Decode(BinaryReader reader) => 0;
                public static Task<int> DecodeAsync(BinaryReader reader) => Task.FromResult(0);
                public static void Encode(BinaryWriter writer, int value) { }
                public static Task EncodeAsync(BinaryWriter writer, int value) => Task.CompletedTask;
            }
        }
        """;

    [Fact]
    public Task BinaryReadersAndWritersOverMemoryAreNotIo() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.IO;
            using Acme.Codec;
            using Microsoft.AspNetCore.Mvc;

            public class FramesController : ControllerBase
            {
                public int Get(byte[] bytes)
                {
                    var fromMemory = Frames.Decode(new BinaryReader(new MemoryStream(bytes)));
                    Frames.Encode(new BinaryWriter(new MemoryStream()), fromMemory);
                    var fromBody = {|#0:Frames.Decode(new BinaryReader(Request.Body))|};
                    {|#1:Frames.Encode(new BinaryWriter(Response.Body), fromBody)|};
                    return fromMemory + fromBody;
                }
            }
            """),
        references: ReferenceSets.WithLibrary("Acme.Codec", Codec),
        expected: new[]
        {
            Verify.Diagnostic("BURST003").WithLocation(0).WithMessage(
                "'Frames.Decode' does synchronous I/O in request handler 'FramesController.Get'; use 'await Frames.DecodeAsync' instead"),
            Verify.Diagnostic("BURST003").WithLocation(1).WithMessage(
                "'Frames.Encode' does synchronous I/O in request handler 'FramesController.Get'; use 'await Frames.EncodeAsync' instead"),
        });

    [Fact]
    public Task UnmanagedMemoryAndBuffersOverMemoryAreNotIo_ThroughLocalsToo() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class BufferController : ControllerBase
        {
            public string Get(UnmanagedMemoryStream mapped, byte[] data)
            {
                var buffer = new byte[16];
                mapped.Read(buffer, 0, buffer.Length);
                new BufferedStream(new MemoryStream(data)).Read(buffer, 0, buffer.Length);

                // Through three locals, from the reader back to the bytes it reads.
                var bytes = new MemoryStream(data);
                var buffered = new BufferedStream(bytes);
                var reader = new StreamReader(buffered);
                var text = reader.ReadToEnd();

                var body = new BufferedStream(Request.Body);
                {|#0:body.Read(buffer, 0, buffer.Length)|};
                var fromBody = new StreamReader(body);
                return text + {|#1:fromBody.ReadToEnd()|};
            }
        }
        """,
        Verify.Diagnostic("BURST003").WithLocation(0).WithMessage(
            "'BufferedStream.Read' does synchronous I/O in request handler 'BufferController.Get'; use 'await BufferedStream.ReadAsync' instead"),
        Verify.Diagnostic("BURST003").WithLocation(1).WithMessage(
            "'StreamReader.ReadToEnd' does synchronous I/O in request handler 'BufferController.Get'; use 'await StreamReader.ReadToEndAsync' instead"));

    /// <summary>
    /// GetAsync, PostAsync, PutAsync, PatchAsync, DeleteAsync and SendAsync read the whole body before they complete,
    /// unless told to return at the headers: then the stream is the network's.
    /// </summary>
    [Fact]
    public Task TheStreamOfABufferedResponseIsInMemory() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Net.Http;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class ProxyController : ControllerBase
        {
            public async Task<string> Get(HttpClient http, HttpContent content, HttpRequestMessage request)
            {
                var buffer = new byte[16];
                using var posted = await http.PostAsync("http://x/", content);
                var postedBody = await posted.Content.ReadAsStreamAsync();
                postedBody.Read(buffer, 0, buffer.Length);

                using var put = await http.PutAsync("http://x/", content);
                var same = put;
                var putText = new StreamReader(await same.Content.ReadAsStreamAsync()).ReadToEnd();

                using var patched = await http.PatchAsync("http://x/", content);
                new StreamReader(await patched.Content.ReadAsStreamAsync()).ReadToEnd();

                using var deleted = await http.DeleteAsync("http://x/");
                (await deleted.Content.ReadAsStreamAsync()).Read(buffer, 0, 1);

                using var sent = await http.SendAsync(request, HttpCompletionOption.ResponseContentRead);
                (await sent.Content.ReadAsStreamAsync()).Read(buffer, 0, 1);

                using var streamed = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
                var network = await streamed.Content.ReadAsStreamAsync();
                {|#0:network.Read(buffer, 0, buffer.Length)|};

                using var fetched = await http.GetAsync("http://x/", HttpCompletionOption.ResponseHeadersRead);
                return putText + {|#1:new StreamReader(await fetched.Content.ReadAsStreamAsync()).ReadToEnd()|};
            }
        }
        """,
        Verify.Diagnostic("BURST003").WithLocation(0).WithMessage(
            "'Stream.Read' does synchronous I/O in request handler 'ProxyController.Get'; use 'await Stream.ReadAsync' instead"),
        Verify.Diagnostic("BURST003").WithLocation(1).WithMessage(
            "'StreamReader.ReadToEnd' does synchronous I/O in request handler 'ProxyController.Get'; use 'await StreamReader.ReadToEndAsync' instead"));
}
