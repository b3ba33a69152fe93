using System.Threading.Tasks;
using BurstAnalyzers.Tests.Verifiers;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// A chain ends in a call exactly when that call would be reported in a handler: an API in excluded_apis ends no
/// chain, an API in additional_blocking_apis does, and a call the handler makes itself is left to the direct rules.
/// </summary>
public class CatalogChainTests
{
    private const string Store = """
        using System.IO;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        namespace Acme
        {
            public class Vendor
            {
                public string Call(string request) => request;
            }

            public class Store
            {
                public void Pause() => Thread.Sleep(10);

                public string Load(string path) => File.ReadAllText(path);

                public string Ask(Vendor vendor) => vendor.Call("x");
            }
        }

        public class StoreController : ControllerBase
        {
            private readonly Acme.Store _store = new();

            public string Get(string path, Acme.Vendor vendor)
            {
                _store.Pause();
                Thread.Sleep(1);
                return {|#0:_store.Load(path)|} + {|#1:_store.Ask(vendor)|};
            }
        }
        """;

    [Fact]
    public Task ExcludedApisEndNoChain_AdditionalOnesDo() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(Store),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.excluded_apis = M:System.Threading.Thread.Sleep(System.Int32)
            burst_analyzers.additional_blocking_apis = M:Acme.Vendor.Call(System.String)
            """,
        expected: new[]
        {
            Verify.Diagnostic("BURST005").WithLocation(0).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations)
                .WithArguments("StoreController.Get", "Get → Store.Load → File.ReadAllText"),
            Verify.Diagnostic("BURST005").WithLocation(1).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations)
                .WithArguments("StoreController.Get", "Get → Store.Ask → Vendor.Call"),
        });
}
