using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// A blocking call after <c>?.</c>: as a statement, the access is awaited whole with a completed task for a null
/// receiver (the receiver is read once, nothing runs when it is null); where the access's value is used, an await
/// would change what it is, so no fix.
/// </summary>
public class ConditionalReceiverFixerTests
{
    [Fact]
    public Task CallAfterQuestionDot_AsStatement_AccessIsAwaitedWithCompletedTaskForNull() => Verify.VerifyCodeFixAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class AuditController : ControllerBase
        {
            private readonly TextWriter _log;

            public AuditController(TextWriter log) => _log = log;

            public IActionResult Post(string entry)
            {
                _log?[|.Write(entry)|];
                return Ok();
            }
        }
        """, """
        using System.IO;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class AuditController : ControllerBase
        {
            private readonly TextWriter _log;

            public AuditController(TextWriter log) => _log = log;

            public async Task<IActionResult> Post(string entry)
            {
                await (_log?.WriteAsync(entry) ?? Task.CompletedTask);
                return Ok();
            }
        }
        """);

    /// <summary>The call is the last of a member chain after <c>?.</c>, and behind a second <c>?.</c>.</summary>
    [Fact]
    public Task CallAtTheEndOfAChainAfterQuestionDot_AccessIsAwaited() => Verify.VerifyCodeFixAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class Sink
        {
            public TextWriter Writer { get; set; }

            public Sink Next { get; set; }
        }

        public class AuditController : ControllerBase
        {
            private readonly Sink _sink = new Sink();

            public IActionResult Post(string entry)
            {
                _sink?[|.Writer.WriteLine(entry)|];
                _sink?.Next?.Writer?[|.WriteLine(entry)|];
                return Ok();
            }
        }
        """, """
        using System.IO;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Sink
        {
            public TextWriter Writer { get; set; }

            public Sink Next { get; set; }
        }

        public class AuditController : ControllerBase
        {
            private readonly Sink _sink = new Sink();

            public async Task<IActionResult> Post(string entry)
            {
                await (_sink?.Writer.WriteLineAsync(entry) ?? Task.CompletedTask);
                await (_sink?.Next?.Writer?.WriteLineAsync(entry) ?? Task.CompletedTask);
                return Ok();
            }
        }
        """);

    /// <summary>The access's value is the line read (or null): awaited, it would be a task. No fix.</summary>
    [Fact]
    public Task CallAfterQuestionDot_ValueUsed_NoFix() => Verify.VerifyNoFixAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class ImportController : ControllerBase
        {
            private readonly TextReader _input;

            public ImportController(TextReader input) => _input = input;

            public IActionResult Next()
            {
                var line = _input?[|.ReadLine()|];
                return Ok(line ?? "");
            }
        }
        """);

    /// <summary>The call is followed by more of the chain (its result's member is read): no await fits there.</summary>
    [Fact]
    public Task CallAfterQuestionDot_FollowedByMoreOfTheChain_NoFix() => Verify.VerifyNoFixAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class ImportController : ControllerBase
        {
            private readonly TextReader _input;

            public ImportController(TextReader input) => _input = input;

            public IActionResult Next()
            {
                _input?[|.ReadToEnd()|].Trim();
                return Ok();
            }
        }
        """);

    /// <summary>The opt-in action passes the request's token inside the access; a null receiver still stands for a
    /// completed task.</summary>
    [Fact]
    public Task CallAfterQuestionDot_OptInAction_TokenGoesToTheCallInsideTheAccess() => Verify.VerifyObservingCancellationAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class UploadController : ControllerBase
        {
            private readonly Stream _copy;

            public UploadController(Stream copy) => _copy = copy;

            public IActionResult Post(byte[] data)
            {
                _copy?[|.Write(data, 0, data.Length)|];
                return Ok();
            }
        }
        """, """
        using System.IO;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class UploadController : ControllerBase
        {
            private readonly Stream _copy;

            public UploadController(Stream copy) => _copy = copy;

            public async Task<IActionResult> Post(byte[] data)
            {
                await (_copy?.WriteAsync(data, 0, data.Length, HttpContext.RequestAborted) ?? Task.CompletedTask);
                return Ok();
            }
        }
        """);
}
