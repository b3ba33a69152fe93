using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst006;

public class BlockingApiAnalyzerTests
{
    [Fact]
    public Task BuiltInList() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class BatchController : ControllerBase
        {
            public void Run(int[] items)
            {
                {|BURST006:Parallel.For(0, 10, i => { })|};
                {|BURST006:Parallel.ForEach(items, i => { })|};
                {|BURST006:Parallel.Invoke(() => { })|};
                {|BURST006:Thread.SpinWait(100)|};
                var line = {|BURST006:Console.ReadLine()|};
            }

            public bool Idle(System.Diagnostics.Process process) => process.WaitForInputIdle(0);
        }
        """);

    private const string LegacyClient = """
        using Microsoft.AspNetCore.Mvc;

        namespace Acme.Legacy
        {
            public class Client
            {
                public string Call(string request) => request;
                public string Call(int request) => "";
                public string Call(string request, int attempts) => request;
                public string Status { get; set; } = "";
            }
        }

        public class LegacyController : ControllerBase
        {
            public string Get(Acme.Legacy.Client client)
            {
                client.Status = "reset"; // the setter is not the listed getter
                return {|BURST006:client.Call("x")|} + client.Call(1) + {|BURST006:client.Call("y", 2)|} + {|BURST006:client.Status|};
            }
        }
        """;

    [Fact]
    public Task AdditionalBlockingApisFromEditorConfig() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(LegacyClient),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.additional_blocking_apis = M:Acme.Legacy.Client.Call(System.String), M:Acme.Legacy.Client.Call(System.String,System.Int32), P:Acme.Legacy.Client.Status
            """);

    [Fact]
    public Task ExcludedApisAreNeverReported() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.IO;
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class QuietController : ControllerBase
            {
                public string Get(string path)
                {
                    Thread.Sleep(1);
                    System.IO.File.ReadAllText(path);
                    return {|BURST003:System.IO.File.ReadAllLines(path)|}[0];
                }
            }
            """),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.excluded_apis = M:System.Threading.Thread.Sleep(System.Int32),M:System.IO.File.ReadAllText(System.String)
            """);
}
