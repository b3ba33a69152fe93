using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// How far BURST003 follows locals to prove a stream is in memory (docs/rules/BURST003.md): a stream is traced back
/// through at most four locals (a local typed as an in-memory stream is one at once), a response's content through at most two, and only to a local's initializer. Past
/// that, or when a local is assigned after its declaration, the call is reported: silence needs proof.
/// </summary>
public class InMemoryTraceLimitTests
{
    [Fact]
    public Task AStreamIsTracedThroughFourLocals_NotFive() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class TraceController : ControllerBase
        {
            public string Get(byte[] data)
            {
                Stream bytes = new MemoryStream(data);
                var first = bytes;
                var second = first;
                var reader = new StreamReader(second);
                var text = reader.ReadToEnd();

                Stream more = new MemoryStream(data);
                var one = more;
                var two = one;
                var three = two;
                var farReader = new StreamReader(three);
                return text + {|#0:farReader.ReadToEnd()|};
            }
        }
        """,
        Verify.Diagnostic("BURST003").WithLocation(0).WithMessage(
            "'StreamReader.ReadToEnd' does synchronous I/O in request handler 'TraceController.Get'; use 'await StreamReader.ReadToEndAsync' instead"));

    [Fact]
    public Task AResponseIsTracedThroughTwoLocals_NotThree() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Net.Http;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class TraceController : ControllerBase
        {
            public async Task<string> Get(HttpClient http)
            {
                using var response = await http.GetAsync("http://x/");
                var same = response;
                var text = new StreamReader(await same.Content.ReadAsStreamAsync()).ReadToEnd();

                using var other = await http.GetAsync("http://y/");
                var alias = other;
                var again = alias;
                return text + {|#0:new StreamReader(await again.Content.ReadAsStreamAsync()).ReadToEnd()|};
            }
        }
        """,
        Verify.Diagnostic("BURST003").WithLocation(0).WithMessage(
            "'StreamReader.ReadToEnd' does synchronous I/O in request handler 'TraceController.Get'; use 'await StreamReader.ReadToEndAsync' instead"));

    /// <summary>Only a local's initializer is followed: a stream assigned later may be a file's, so it is reported.</summary>
    [Fact]
    public Task AStreamAssignedAfterItsDeclarationIsNotAssumedInMemory() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class TraceController : ControllerBase
        {
            public string Get(string path)
            {
                Stream stream;
                stream = System.IO.File.OpenRead(path);
                return {|#0:new StreamReader(stream).ReadToEnd()|};
            }
        }
        """,
        Verify.Diagnostic("BURST003").WithLocation(0).WithMessage(
            "'StreamReader.ReadToEnd' does synchronous I/O in request handler 'TraceController.Get'; use 'await StreamReader.ReadToEndAsync' instead"));

    /// <summary>Only a response's content is known buffered: content handed in from elsewhere may be streamed.</summary>
    [Fact]
    public Task ContentNotReadFromAResponseIsNotAssumedBuffered() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Net.Http;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class TraceController : ControllerBase
        {
            public async Task<string> Get(HttpContent content) => {|#0:new StreamReader(await content.ReadAsStreamAsync()).ReadToEnd()|};
        }
        """,
        Verify.Diagnostic("BURST003").WithLocation(0).WithMessage(
            "'StreamReader.ReadToEnd' does synchronous I/O in request handler 'TraceController.Get'; use 'await StreamReader.ReadToEndAsync' instead"));
}
