using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst006;

/// <summary>
/// One call, one verdict, in a fixed order (docs/rules/BURST006.md): an API the catalogue lists (Thread.Sleep,
/// Task.Result) keeps its own rule and advice even when burst_analyzers.additional_blocking_apis lists it too; an API
/// listed there is BURST006 even where the counterpart search would find an async twin (File.ReadAllText, a vendor's
/// Open): the team's word comes before a guess from names.
/// </summary>
public class ConfiguredApiPrecedenceTests
{
    private const string Vendor = """
        namespace Acme.Vendor
        {
            using System.Threading.Tasks;

            public class Connection
            {
                public void Open() { }
                public Task OpenAsync() => Task.CompletedTask;
            }
        }
        """;

    [Fact]
    public Task TheCatalogueFirst_ThenTheConfiguredList_ThenTheCounterpartSearch() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.IO;
            using System.Threading;
            using System.Threading.Tasks;
            using Acme.Vendor;
            using Microsoft.AspNetCore.Mvc;

            public class MixedController : ControllerBase
            {
                public string Get(string path, Task<string> pending, Connection connection)
                {
                    {|#0:Thread.Sleep(10)|};
                    {|#1:connection.Open()|};
                    return {|#2:System.IO.File.ReadAllText(path)|} + {|#3:pending.Result|};
                }
            }
            """),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.additional_blocking_apis = M:System.Threading.Thread.Sleep(System.Int32), M:Acme.Vendor.Connection.Open, M:System.IO.File.ReadAllText(System.String), P:System.Threading.Tasks.Task`1.Result
            """,
        references: ReferenceSets.WithLibrary("Acme.Vendor", Vendor),
        expected: new[]
        {
            Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "MixedController.Get", "await Task.Delay"),
            Verify.Diagnostic("BURST006").WithLocation(1).WithArguments("Connection.Open", "MixedController.Get", "run it on dedicated threads with [OffloadBlocking]"),
            Verify.Diagnostic("BURST006").WithLocation(2).WithArguments("File.ReadAllText", "MixedController.Get", "run it on dedicated threads with [OffloadBlocking]"),
            Verify.Diagnostic("BURST002").WithLocation(3).WithArguments("Task.Result", "MixedController.Get", "await the task"),
        });
}
