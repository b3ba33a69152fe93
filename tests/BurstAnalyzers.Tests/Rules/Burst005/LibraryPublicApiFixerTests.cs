using System;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;
using VerifyMessage = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// The chain fix keeps the public API of a library that ships as a package, which code outside the solution may call,
/// and of a library nothing said anything about; <c>burst_analyzers.public_api_in_libraries = change</c> lets it convert
/// them, and so does the build's word that the library is a layer of its application (packed by nothing: the package's
/// build file says <c>_BurstAnalyzersShipsAsPackage = false</c>).
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
    public Task NoFixThroughAPublicMethodOfALibrary_ButTheOptionToAllowIt() => RunWithheldAsync(Library, Handlers);

    /// <summary>The handlers' option in the repository's root .editorconfig: the project's folder gets its own, with the
    /// option alone.</summary>
    [Fact]
    public async Task WithNoEditorConfigInTheProjectsFolder_TheOptionGoesIntoANewOne()
    {
        var test = new Verify.Test { TestCode = Library, FixedCode = Library, CodeActionEquivalenceKey = "BurstAnalyzers.AllowPublicApiChange" };
        test.CodeFixTestBehaviors |= Microsoft.CodeAnalysis.Testing.CodeFixTestBehaviors.SkipFixAllCheck;
        test.TestState.AnalyzerConfigFiles.Add(("/.editorconfig", Handlers));
        test.FixedState.AnalyzerConfigFiles.Add(("/.editorconfig", Handlers));
        test.FixedState.AnalyzerConfigFiles.Add(("/0/.editorconfig", "[*.cs]\nburst_analyzers.public_api_in_libraries = change\n"));
        test.Project.References = ReferenceSets.BclOnly;
        await test.RunAsync(CancellationToken.None);
    }

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

    /// <summary>A library of the solution's application, which nothing packs: converted with no option.</summary>
    [Fact]
    public Task ALibraryThatShipsNoPackage_IsConverted() => RunAsync(Library, """
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
        """, Handlers, ShipsAsPackage("false"));

    /// <summary>A packaged library keeps its public API, whatever else it references.</summary>
    [Fact]
    public Task APackagedLibrary_KeepsItsPublicApi_AndOffersTheOption() => RunWithheldAsync(Library, Handlers, ShipsAsPackage("true"));

    /// <summary>The file's option wins over the build's word, and, written by the user, is not offered to be changed.</summary>
    [Fact]
    public Task KeepInTheFilesOptions_WinsOverTheBuild() => RunAsync(Library, Library, Handlers + "burst_analyzers.public_api_in_libraries = keep\n", ShipsAsPackage("false"));

    /// <summary><c>dotnet format</c> shows the message, not the fix list: the message says why there is no async fix
    /// (<see cref="WithheldChainFixTests"/> for other projects), for a public method and for a family whose top is public.</summary>
    [Theory]
    [InlineData(0, 20, 55, 12, "Run \u2192 Repository.Load \u2192 Thread.Sleep")]
    [InlineData(1, 27, 49, 17, "Run \u2192 SlowConnector.Load \u2192 Thread.Sleep")]
    [InlineData(2, 27, 50, 17, "Run \u2192 Repository.Load \u2192 Thread.Sleep")]
    public async Task TheMessageSaysWhyThereIsNoAsyncFix(int source, int line, int endColumn, int sleepLine, string chain)
    {
        var test = new VerifyMessage.Test { TestCode = new[] { Library, Family, Contract }[source].Replace("{|BURST005:", "{|#0:", StringComparison.Ordinal) };
        test.TestState.AnalyzerConfigFiles.Add(("/0/.editorconfig", Handlers));
        test.TestState.ExpectedDiagnostics.Add(VerifyMessage.Diagnostic("BURST005").WithSpan(line, 32, line, endColumn).WithSpan(sleepLine, 13, sleepLine, 28).WithArguments(
            "Jobs.Run",
            chain + "; no async fix: it would change the public API of TestProject, which keeps it (to allow it, set burst_analyzers.public_api_in_libraries = change in its .editorconfig)"));
        test.Project.References = ReferenceSets.BclOnly;
        await test.RunAsync(CancellationToken.None);
    }

    /// <summary>Where the fix changes no signature of the library (a method already returning a task awaits in place) or
    /// declines for another reason (a property's hop gets only the offload fix), the message says nothing of the policy.</summary>
    [Theory]
    [InlineData("public async Task<string> LoadAsync() { Thread.Sleep(1); await Task.Yield(); return \"\"; }", "public async Task<string> Run() => await {|#0:new Repository().LoadAsync()|};", "Run \u2192 Repository.LoadAsync \u2192 Thread.Sleep")]
    [InlineData("public string Current { get { Thread.Sleep(1); return \"\"; } }", "public string Run() => {|#0:new Repository().Current|};", "Run \u2192 Repository.Current \u2192 Thread.Sleep")]
    public async Task WhereThePolicyIsNotWhatWithholdsTheFix_TheMessageIsTheChainAlone(string member, string handler, string chain)
    {
        var source = """
            using System.Threading;
            using System.Threading.Tasks;

            namespace Acme
            {
                [System.AttributeUsage(System.AttributeTargets.Method)]
                public sealed class HandlerAttribute : System.Attribute { }

                public class Repository
                {
                    MEMBER
                }

                public class Jobs
                {
                    [Handler]
                    HANDLER
                }
            }
            """.Replace("MEMBER", member, StringComparison.Ordinal).Replace("HANDLER", handler, StringComparison.Ordinal);
        var test = new VerifyMessage.Test { TestCode = source };
        test.TestState.AnalyzerConfigFiles.Add(("/0/.editorconfig", Handlers));
        test.TestState.ExpectedDiagnostics.Add(VerifyMessage.Diagnostic("BURST005").WithLocation(0).WithSpan(11, 9 + member.IndexOf("Thread", StringComparison.Ordinal), 11, 9 + member.IndexOf("Thread", StringComparison.Ordinal) + 15).WithArguments("Jobs.Run", chain));
        test.Project.References = ReferenceSets.BclOnly;
        await test.RunAsync(CancellationToken.None);
    }

    /// <summary>Allowed, the message is the chain alone.</summary>
    [Fact]
    public async Task AllowedTheMessageIsTheChainAlone()
    {
        var test = new VerifyMessage.Test { TestCode = Library.Replace("{|BURST005:", "{|#0:", StringComparison.Ordinal) };
        test.TestState.AnalyzerConfigFiles.Add(("/0/.editorconfig", Handlers));
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", ShipsAsPackage("false")));
        test.TestState.ExpectedDiagnostics.Add(VerifyMessage.Diagnostic("BURST005").WithSpan(20, 32, 20, 55).WithSpan(12, 13, 12, 28).WithArguments("Jobs.Run", "Run \u2192 Repository.Load \u2192 Thread.Sleep"));
        test.Project.References = ReferenceSets.BclOnly;
        await test.RunAsync(CancellationToken.None);
    }

    private static string ShipsAsPackage(string value) => "is_global = true\nbuild_property._BurstAnalyzersShipsAsPackage = " + value + "\n";

    /// <summary>A family changes whole or not at all: the override the handler reaches is not public, but the
    /// abstract member at the top of its family is the library's public API, which the default keeps.</summary>
    private const string Family = """
        using System.Threading;

        namespace Acme
        {
            [System.AttributeUsage(System.AttributeTargets.Method)]
            public sealed class HandlerAttribute : System.Attribute { }

            public abstract class Connector
            {
                public abstract string Load();
            }

            internal sealed class SlowConnector : Connector
            {
                public override string Load()
                {
                    Thread.Sleep(1);
                    return "";
                }
            }

            internal class Jobs
            {
                private readonly Connector _connector = new SlowConnector();

                [Handler]
                public string Run() => {|BURST005:_connector.Load()|};
            }
        }
        """;

    [Fact]
    public Task NoFixThroughAnOverrideWhoseAbstractMemberIsPublicApi_ButTheOptionToAllowIt() => RunWithheldAsync(Family, Handlers);

    /// <summary>The interface changes with its implementation: a public interface is the library's API though the class
    /// implementing it is internal (the fix converted it before the review of 2026-11-29).</summary>
    private const string Contract = """
        using System.Threading;

        namespace Acme
        {
            [System.AttributeUsage(System.AttributeTargets.Method)]
            public sealed class HandlerAttribute : System.Attribute { }

            public interface IRepository
            {
                string Load();
            }

            internal sealed class Repository : IRepository
            {
                public string Load()
                {
                    Thread.Sleep(1);
                    return "";
                }
            }

            internal class Jobs
            {
                private readonly IRepository _repository = new Repository();

                [Handler]
                public string Run() => {|BURST005:_repository.Load()|};
            }
        }
        """;

    [Fact]
    public Task NoFixThroughAPublicInterfaceOfAnInternalClass_ButTheOptionToAllowIt() => RunWithheldAsync(Contract, Handlers);

    [Fact]
    public Task TheOptionLetsTheFixChangeTheInterface() => RunAsync(Contract, """
        using System.Threading;
        using System.Threading.Tasks;

        namespace Acme
        {
            [System.AttributeUsage(System.AttributeTargets.Method)]
            public sealed class HandlerAttribute : System.Attribute { }

            public interface IRepository
            {
                Task<string> Load();
            }

            internal sealed class Repository : IRepository
            {
                public async Task<string> Load()
                {
                    await Task.Delay(1);
                    return "";
                }
            }

            internal class Jobs
            {
                private readonly IRepository _repository = new Repository();

                [Handler]
                public async Task<string> Run() => await _repository.Load();
            }
        }
        """, Handlers + "burst_analyzers.public_api_in_libraries = change\n");

    [Fact]
    public Task TheOptionLetsTheFixChangeTheFamily() => RunAsync(Family, """
        using System.Threading;
        using System.Threading.Tasks;

        namespace Acme
        {
            [System.AttributeUsage(System.AttributeTargets.Method)]
            public sealed class HandlerAttribute : System.Attribute { }

            public abstract class Connector
            {
                public abstract Task<string> Load();
            }

            internal sealed class SlowConnector : Connector
            {
                public override async Task<string> Load()
                {
                    await Task.Delay(1);
                    return "";
                }
            }

            internal class Jobs
            {
                private readonly Connector _connector = new SlowConnector();

                [Handler]
                public async Task<string> Run() => await _connector.Load();
            }
        }
        """, Handlers + "burst_analyzers.public_api_in_libraries = change\n");

    /// <summary>
    /// Withheld only by the policy: the fix list offers the option instead (<c>PublicApiOption</c>), which appends it to
    /// the project's .editorconfig and leaves the code as it is; once applied, the async fix is offered (the tests above
    /// with the option). Its Fix All is the conversion's, which the policy still withholds here: that check is skipped,
    /// as <c>dotnet format</c> must never change the policy.
    /// </summary>
    private static Task RunWithheldAsync(string source, string editorConfig, string? globalConfig = null)
    {
        var test = new Verify.Test
        {
            TestCode = source,
            FixedCode = source,
            CodeActionEquivalenceKey = "BurstAnalyzers.AllowPublicApiChange",
        };
        test.CodeFixTestBehaviors |= Microsoft.CodeAnalysis.Testing.CodeFixTestBehaviors.SkipFixAllCheck;
        test.TestState.AnalyzerConfigFiles.Add(("/0/.editorconfig", editorConfig));
        test.FixedState.AnalyzerConfigFiles.Add(("/0/.editorconfig", editorConfig + "\n[*.cs]\nburst_analyzers.public_api_in_libraries = change\n"));
        if (globalConfig is not null)
        {
            test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", globalConfig));
            test.FixedState.AnalyzerConfigFiles.Add(("/.globalconfig", globalConfig));
        }

        test.Project.References = ReferenceSets.BclOnly;
        return test.RunAsync(CancellationToken.None);
    }

    private static Task RunAsync(string source, string fixedSource, string editorConfig, string? globalConfig = null)
    {
        var test = new Verify.Test { TestCode = source, FixedCode = fixedSource };
        test.TestState.AnalyzerConfigFiles.Add(("/0/.editorconfig", editorConfig));
        test.FixedState.AnalyzerConfigFiles.Add(("/0/.editorconfig", editorConfig));
        if (globalConfig is not null)
        {
            test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", globalConfig));
            test.FixedState.AnalyzerConfigFiles.Add(("/.globalconfig", globalConfig));
        }

        test.Project.References = ReferenceSets.BclOnly;
        return test.RunAsync(CancellationToken.None);
    }
}
