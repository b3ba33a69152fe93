using System.Threading.Tasks;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.CodeFixes.Offload.OffloadFixer>;

namespace BurstAnalyzers.Tests.Rules.Offload;

/// <summary>
/// The offload fix on SOAP operations: offered where BurstAnalyzers.Offload.SoapCore's invoker really moves them
/// (System.ServiceModel contracts, the package referenced), never where the attribute would only silence the warning.
/// </summary>
public class SoapCoreOffloadFixerTests
{
    // BurstAnalyzers.Offload and BurstAnalyzers.Offload.SoapCore, as far as the fix needs to know.
    private static readonly TestSource OffloadPackages = new("Offload.cs", """
        namespace BurstAnalyzers.Offload
        {
            [System.AttributeUsage(System.AttributeTargets.Class | System.AttributeTargets.Method)]
            public sealed class OffloadBlockingAttribute : System.Attribute { }

            public static class SoapCoreOffloadServiceCollectionExtensions { }
        }
        """);

    // BurstAnalyzers.Offload alone: the attribute, but no SoapCore invoker to honour it.
    private static readonly TestSource OffloadPackageOnly = new("Offload.cs", """
        namespace BurstAnalyzers.Offload
        {
            [System.AttributeUsage(System.AttributeTargets.Class | System.AttributeTargets.Method)]
            public sealed class OffloadBlockingAttribute : System.Attribute { }
        }
        """);

    [Fact]
    public Task ServiceModelOperations_GetTheAttributeOnTheImplementation_FixAllIncluded() => Verify.VerifyCodeFixAsync(
        TestSource.Files(OffloadPackages, new TestSource("Service1.cs", """
            using System;
            using System.ServiceModel;
            using System.Threading;

            [ServiceContract]
            public interface IService1
            {
                [OperationContract]
                string GetData(int value);

                [OperationContract]
                string ReadLine();
            }

            public class Service1 : IService1
            {
                public string GetData(int value)
                {
                    {|BURST001:Thread.Sleep(2000)|};
                    return string.Format("You entered: {0}", value);
                }

                string IService1.ReadLine() => {|BURST006:Console.ReadLine()|} ?? "";

                public string NotAnOperation() => "";
            }
            """)),
        TestSource.Files(OffloadPackages, new TestSource("Service1.cs", """
            using System;
            using System.ServiceModel;
            using System.Threading;
            using BurstAnalyzers.Offload;

            [ServiceContract]
            public interface IService1
            {
                [OperationContract]
                string GetData(int value);

                [OperationContract]
                string ReadLine();
            }

            public class Service1 : IService1
            {
                [OffloadBlocking]
                public string GetData(int value)
                {
                    Thread.Sleep(2000);
                    return string.Format("You entered: {0}", value);
                }

                [OffloadBlocking]
                string IService1.ReadLine() => Console.ReadLine() ?? "";

                public string NotAnOperation() => "";
            }
            """)));

    [Fact]
    public Task AnOperationDeclaredOnAServiceContractClass_GetsTheAttribute() => Verify.VerifyCodeFixAsync(
        TestSource.Files(OffloadPackages, new TestSource("Legacy.cs", """
            using System.ServiceModel;
            using System.Threading;

            [ServiceContract]
            public class Legacy
            {
                [OperationContract]
                public void Wait() => {|BURST001:Thread.Sleep(10)|};
            }
            """)),
        TestSource.Files(OffloadPackages, new TestSource("Legacy.cs", """
            using System.ServiceModel;
            using System.Threading;
            using BurstAnalyzers.Offload;

            [ServiceContract]
            public class Legacy
            {
                [OperationContract]
                [OffloadBlocking]
                public void Wait() => Thread.Sleep(10);
            }
            """)));

    [Fact]
    public Task NotOffered_WithoutTheSoapCorePackage() => NoFixAsync(TestSource.Files(OffloadPackageOnly, new TestSource("Service1.cs", """
        using System.ServiceModel;
        using System.Threading;

        [ServiceContract]
        public interface IService1
        {
            [OperationContract]
            string GetData(int value);
        }

        public class Service1 : IService1
        {
            public string GetData(int value)
            {
                {|BURST001:Thread.Sleep(2000)|};
                return "";
            }
        }
        """)));

    [Fact]
    public Task NotOffered_OnCoreWcfOperations_EvenWithTheSoapCorePackage() => NoFixAsync(TestSource.Files(OffloadPackages, new TestSource("Service1.cs", """
        using System.Threading;
        using CoreWCF;

        [ServiceContract]
        public interface IService1
        {
            [OperationContract]
            string GetData(int value);
        }

        public class Service1 : IService1
        {
            public string GetData(int value)
            {
                {|BURST001:Thread.Sleep(2000)|};
                return "";
            }
        }
        """)));

    /// <summary>The diagnostics as marked, and no fix offered: after "fixing", the code is unchanged.</summary>
    private static Task NoFixAsync(System.Collections.Immutable.ImmutableArray<TestSource> sources) => Verify.VerifyCodeFixAsync(sources, sources);
}
