using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// The chain fix keeps the public API of a library project — a DLL that references no request framework — which code
/// outside the solution may call; <c>burst_analyzers.public_api_in_libraries = change</c> lets it
/// convert them.
/// </summary>
public class LibraryPublicApiFixerTests
{
    private const string Library = """
        using System.Threading;

        namespace Acme
        {
            [System.AttributeUsage(System.AttributeTargets.Method)]
            public sealed class HandlerAttribute : System.Attribute { }

            public class Repository
            {
                public string Load()
                {
                    Thread.Sleep(1);
                    return "";
                }
            }

            public class Jobs
            {
                [Handler]
                public string Run() => {|BURST005:new Repository().Load()|};
            }
        }
        """;

    private const string Handlers = "root = true\n\n[*.cs]\nburst_analyzers.handler_attributes = Acme.HandlerAttribute\n";

    [Fact]
    public Task NoFixThroughAPublicMethodOfALibrary() => RunAsync(Library, Library, Handlers);

    [Fact]
    public Task TheOptionLetsTheFixChangeIt() => RunAsync(Library, """
        using System.Threading;
        using System.Threading.Tasks;

        namespace Acme
        {
            [System.AttributeUsage(System.AttributeTargets.Method)]
            public sealed class HandlerAttribute : System.Attribute { }

            public class Repository
            {
                public async Task<string> LoadAsync()
                {
                    await Task.Delay(1);
                    return "";
                }
            }

            public class Jobs
            {
                [Handler]
                public async Task<string> Run() => await new Repository().LoadAsync();
            }
        }
        """, Handlers + "burst_analyzers.public_api_in_libraries = change\n");

    private static Task RunAsync(string source, string fixedSource, string editorConfig)
    {
        var test = new Verify.Test { TestCode = source, FixedCode = fixedSource };
        test.TestState.AnalyzerConfigFiles.Add(("/0/.editorconfig", editorConfig));
        test.FixedState.AnalyzerConfigFiles.Add(("/0/.editorconfig", editorConfig));
        test.Project.References = ReferenceSets.BclOnly;
        return test.RunAsync(CancellationToken.None);
    }
}
