using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// The chain fix through another project of the solution (an editor, <c>dotnet format</c> on the solution), all or none:
/// where the library method the handler calls reaches one blocking call, it is converted there and the handler awaits
/// it; where the report counts more blocking calls behind the same call, converting the one the chain names would leave
/// an async method that still blocks (issue 35: all or none), so no fix is offered.
/// </summary>
public class CarriedChainFixerTests
{
    private const string Handlers = "root = true\n\n[*.cs]\nburst_analyzers.handler_attributes = Acme.HandlerAttribute\nburst_analyzers.public_api_in_libraries = change\n";

    // What the package's generator writes into a project built with it (CrossProject/PackageMarkerGenerator.cs).
    private const string Marker = "[assembly: global::System.Reflection.AssemblyMetadata(\"BurstAnalyzers.ChainsFormat\", \"FORMAT\")]\n";

    private const string Jobs = """
        namespace Acme
        {
            [System.AttributeUsage(System.AttributeTargets.Method)]
            public sealed class HandlerAttribute : System.Attribute { }

            public class Jobs
            {
                [Handler]
                public string Run() => {|BURST005:new Acme.Data.Repository().Load()|};
            }
        }
        """;

    [Fact]
    public Task OneBlockingCallInTheLibrary_IsConvertedThereAndAwaitedByTheHandler()
    {
        var test = Solution(
            """
            using System.Threading;

            namespace Acme.Data
            {
                public class Repository
                {
                    public string Load()
                    {
                        Thread.Sleep(1);
                        return "";
                    }
                }
            }
            """,
            """
            using System.Threading;
            using System.Threading.Tasks;

            namespace Acme.Data
            {
                public class Repository
                {
                    public async Task<string> LoadAsync()
                    {
                        await Task.Delay(1);
                        return "";
                    }
                }
            }
            """);
        test.FixedCode = """
            using System.Threading.Tasks;

            namespace Acme
            {
                [System.AttributeUsage(System.AttributeTargets.Method)]
                public sealed class HandlerAttribute : System.Attribute { }

                public class Jobs
                {
                    [Handler]
                    public async Task<string> Run() => await new Acme.Data.Repository().LoadAsync();
                }
            }
            """;
        return test.RunAsync(CancellationToken.None);
    }

    [Fact]
    public Task MoreBlockingCallsBehindTheSameCallInTheLibrary_NoFix()
    {
        const string Library = """
            using System.IO;
            using System.Threading;

            namespace Acme.Data
            {
                public class Repository
                {
                    public string Load()
                    {
                        Thread.Sleep(1);
                        return File.ReadAllText("orders.txt");
                    }
                }
            }
            """;
        var test = Solution(Library, Library);
        test.FixedCode = Jobs;
        return test.RunAsync(CancellationToken.None);
    }

    private static Verify.Test Solution(string library, string fixedLibrary)
    {
        var marker = Marker.Replace("FORMAT", BurstAnalyzers.FactsFiles.CarriedChain.FormatVersion, System.StringComparison.Ordinal);
        var test = new Verify.Test { TestCode = Jobs };
        test.TestState.AnalyzerConfigFiles.Add(("/0/.editorconfig", Handlers));
        test.FixedState.AnalyzerConfigFiles.Add(("/0/.editorconfig", Handlers));
        test.TestState.AdditionalProjects["Acme.Data"].Sources.Add(("/Acme.Data/Repository.cs", library));
        test.TestState.AdditionalProjects["Acme.Data"].Sources.Add(("/Acme.Data/Marker.cs", marker));
        test.TestState.AdditionalProjects["Acme.Data"].AnalyzerConfigFiles.Add(("/Acme.Data/.editorconfig", Handlers));
        test.TestState.AdditionalProjects["Acme.Data"].AdditionalReferences.AddRange(ReferenceSets.BclOnly);
        test.TestState.AdditionalProjectReferences.Add("Acme.Data");
        test.FixedState.AdditionalProjects["Acme.Data"].Sources.Add(("/Acme.Data/Repository.cs", fixedLibrary));
        test.FixedState.AdditionalProjects["Acme.Data"].Sources.Add(("/Acme.Data/Marker.cs", marker));
        test.FixedState.AdditionalProjects["Acme.Data"].AnalyzerConfigFiles.Add(("/Acme.Data/.editorconfig", Handlers));
        test.FixedState.AdditionalProjects["Acme.Data"].AdditionalReferences.AddRange(ReferenceSets.BclOnly);
        test.FixedState.AdditionalProjectReferences.Add("Acme.Data");
        test.Project.References = ReferenceSets.BclOnly;
        return test;
    }
}
