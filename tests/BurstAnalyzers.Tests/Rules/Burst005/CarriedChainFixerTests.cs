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

    /// <summary>Two blocking calls behind the handler's call (the report names one and counts the other): both are
    /// converted in the library, so the method that comes out async no longer blocks.</summary>
    [Fact]
    public Task MoreBlockingCallsBehindTheSameCallInTheLibrary_AllAreConverted()
    {
        var test = Solution(
            """
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
            """,
            """
            using System.IO;
            using System.Threading;
            using System.Threading.Tasks;

            namespace Acme.Data
            {
                public class Repository
                {
                    public async Task<string> LoadAsync()
                    {
                        await Task.Delay(1);
                        return await File.ReadAllTextAsync("orders.txt");
                    }
                }
            }
            """);
        test.FixedCode = ConvertedJobs;
        return test.RunAsync(CancellationToken.None);
    }

    /// <summary>One of the blocking calls behind the call is in a lambda run in place (a Select over a list): an await
    /// cannot go there without changing the lambda's type, and converting only the others would leave an async method
    /// that still blocks (blogifier's PostRepository.Find, whose mapper queries inside a Select): no fix.</summary>
    [Fact]
    public Task MoreBlockingCallsBehindTheSameCall_OneInALambda_NoFix()
    {
        const string Library = """
            using System.Collections.Generic;
            using System.IO;
            using System.Linq;
            using System.Threading;

            namespace Acme.Data
            {
                public class Repository
                {
                    public string Load()
                    {
                        Thread.Sleep(1);
                        var names = new List<string> { "orders.txt" };
                        return string.Concat(names.Select(n => File.ReadAllText(n)).ToList());
                    }
                }
            }
            """;
        var test = Solution(Library, Library);
        test.FixedCode = Jobs;
        return test.RunAsync(CancellationToken.None);
    }

    private const string ConvertedJobs = """
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

    private const string ConnectorJobs = """
        namespace Acme
        {
            [System.AttributeUsage(System.AttributeTargets.Method)]
            public sealed class HandlerAttribute : System.Attribute { }

            public class Jobs
            {
                [Handler]
                public string Run(Acme.Data.Connector connector) => {|BURST005:connector.Load()|};
            }
        }
        """;

    private const string Connectors = """
        using System.IO;
        using System.Threading;

        namespace Acme.Data
        {
            public abstract class Connector
            {
                public abstract string Load();
            }

            public class Manganato : Connector
            {
                public override string Load()
                {
                    Thread.Sleep(1);
                    return "";
                }
            }

            public class Mangasee : Connector
            {
                public override string Load() => File.ReadAllText("chapters.xml");
            }
        }
        """;

    /// <summary>A family in the library, reached through its abstract member: retyped there with every override,
    /// each one's blocking call converted, and awaited by the handler.</summary>
    [Fact]
    public Task AFamilyInTheLibrary_IsConvertedThereWholeAndAwaitedByTheHandler()
    {
        var test = Solution(
            Connectors,
            """
            using System.IO;
            using System.Threading;
            using System.Threading.Tasks;

            namespace Acme.Data
            {
                public abstract class Connector
                {
                    public abstract Task<string> Load();
                }

                public class Manganato : Connector
                {
                    public override async Task<string> Load()
                    {
                        await Task.Delay(1);
                        return "";
                    }
                }

                public class Mangasee : Connector
                {
                    public override async Task<string> Load() => await File.ReadAllTextAsync("chapters.xml");
                }
            }
            """,
            ConnectorJobs);
        test.FixedCode = """
            using System.Threading.Tasks;

            namespace Acme
            {
                [System.AttributeUsage(System.AttributeTargets.Method)]
                public sealed class HandlerAttribute : System.Attribute { }

                public class Jobs
                {
                    [Handler]
                    public async Task<string> Run(Acme.Data.Connector connector) => await connector.Load();
                }
            }
            """;
        return test.RunAsync(CancellationToken.None);
    }

    /// <summary>An override in the handler's project, which blocks too: the fix's walk of the library does not see
    /// its body, so converting the family would leave it blocking behind a Task. No async fix (all or none).</summary>
    [Fact]
    public Task AFamilyWithAnOverrideInAnotherProject_GetsNoAsyncFix()
    {
        const string jobs = """
            namespace Acme
            {
                [System.AttributeUsage(System.AttributeTargets.Method)]
                public sealed class HandlerAttribute : System.Attribute { }

                public class LocalConnector : Acme.Data.Connector
                {
                    public override string Load()
                    {
                        System.Threading.Thread.Sleep(1);
                        return "";
                    }
                }

                public class Jobs
                {
                    [Handler]
                    public string Run(Acme.Data.Connector connector) => {|BURST005:connector.Load()|};
                }
            }
            """;
        var test = Solution(Connectors, Connectors, jobs);
        test.FixedCode = jobs;
        return test.RunAsync(CancellationToken.None);
    }

    private static Verify.Test Solution(string library, string fixedLibrary, string jobs = Jobs)
    {
        var test = new Verify.Test { TestCode = jobs };
        test.TestState.AnalyzerConfigFiles.Add(("/0/.editorconfig", Handlers));
        test.FixedState.AnalyzerConfigFiles.Add(("/0/.editorconfig", Handlers));
        PackagedProject.AddTo(test.TestState, "Acme.Data", "Repository.cs", library, ReferenceSets.BclOnly, Handlers);
        PackagedProject.AddTo(test.FixedState, "Acme.Data", "Repository.cs", fixedLibrary, ReferenceSets.BclOnly, Handlers);
        test.Project.References = ReferenceSets.BclOnly;
        return test;
    }
}
