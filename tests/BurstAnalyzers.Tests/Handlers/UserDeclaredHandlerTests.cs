using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>Handlers of in-house frameworks, declared in .editorconfig.</summary>
public class UserDeclaredHandlerTests
{
    private const string Framework = """
        using System;
        using System.Threading;

        namespace Acme.Messaging
        {
            [AttributeUsage(AttributeTargets.Class | AttributeTargets.Method)]
            public sealed class HandlesAttribute : Attribute { }

            public abstract class CommandHandler
            {
                public abstract void Handle(string command);
            }

            [AttributeUsage(AttributeTargets.Method)]
            public sealed class RouteAttribute<T> : Attribute { }
        }

        public class OnGenericAttribute
        {
            [Acme.Messaging.Route<int>]
            public void Run() => {|BURST001:Thread.Sleep(1)|};
        }

        public class OnAttributedMethod
        {
            [Acme.Messaging.Handles]
            public void Run() => {|BURST001:Thread.Sleep(1)|};

            public void NotMarked() => Thread.Sleep(1);
        }

        [Acme.Messaging.Handles]
        public class OnAttributedClass
        {
            public void Run() => {|BURST001:Thread.Sleep(1)|};

            private void Private() => Thread.Sleep(1);
        }

        public class FromBaseType : Acme.Messaging.CommandHandler
        {
            public override void Handle(string command) => {|BURST001:Thread.Sleep(1)|};
        }
        """;

    [Fact]
    public Task AttributesAndBaseTypesFromEditorConfig() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(Framework),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.handler_attributes = Acme.Messaging.HandlesAttribute, Acme.Unknown.Attribute, Acme.Messaging.RouteAttribute`1
            burst_analyzers.handler_base_types = Acme.Messaging.CommandHandler
            """,
        references: ReferenceSets.BclOnly);

    [Fact]
    public Task WithoutConfigurationNothingIsAHandler() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(Framework.Replace("{|BURST001:", "").Replace("|}", "")),
        references: ReferenceSets.BclOnly);
}
