using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// An extension method's counterpart is looked up among the extensions in scope at the call, so whether the same call
/// is sync I/O depends on where it is written: a call that found no counterpart is remembered (and not searched again)
/// only for the same namespaces and usings. A miss where the "…Async" extension is not imported never hides the same
/// call where it is imported — by a using of the file, a using of the namespace block, or an enclosing namespace —
/// however the blocks nest; and the same call in the same scope misses (or is reported) every time.
/// Each handler without the import comes before one with it, so a miss remembered too widely would hide the report.
/// </summary>
public class RememberedMissTests
{
    /// <summary>A storage SDK whose sync Load has its async twin only as an extension in another namespace.</summary>
    private const string Storage = """
        namespace Acme.Storage
        {
            public class Store { }

            public static class StoreReading
            {
                public static string Load(this Store store) => "";
            }
        }

        namespace Acme.Storage.Async
        {
            using System.Threading.Tasks;

            public static class StoreExtensions
            {
                public static Task<string> LoadAsync(this Store store) => Task.FromResult("");
            }
        }
        """;

    [Fact]
    public Task TheUsingsOfANamespaceBlockDecide() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using Acme.Storage;
            using Microsoft.AspNetCore.Mvc;

            namespace Acme.Web
            {
                public class ReportsController : ControllerBase
                {
                    public string Get(Store store) => store.Load() + store.Load();
                }
            }

            namespace Acme.Web
            {
                using Acme.Storage.Async;

                public class OrdersController : ControllerBase
                {
                    public string Get(Store store) => {|#0:store.Load()|} + {|#1:store.Load()|};
                }
            }

            namespace Acme.Web
            {
                public class InvoicesController : ControllerBase
                {
                    public string Get(Store store) => store.Load();
                }
            }

            namespace Acme.Web
            {
                using System;
                using Acme.Storage.Async;

                public class PaymentsController : ControllerBase
                {
                    public string Get(Store store) => {|#2:store.Load()|} + Environment.NewLine;
                }
            }

            namespace Acme.Web
            {
                using System;

                public class RefundsController : ControllerBase
                {
                    public string Get(Store store) => store.Load() + Environment.NewLine;
                }
            }

            namespace Acme.Web
            {
                using Acme.Storage.Async;

                public class ReceiptsController : ControllerBase
                {
                    public string Get(Store store) => {|#3:store.Load()|};
                }
            }
            """),
        references: ReferenceSets.WithLibrary("Acme.Storage", Storage),
        expected: new[]
        {
            Load(0, "OrdersController.Get"),
            Load(1, "OrdersController.Get"),
            Load(2, "PaymentsController.Get"),
            Load(3, "ReceiptsController.Get"),
        });

    [Fact]
    public Task TheEnclosingNamespaceDecides() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using Acme.Storage;
            using Microsoft.AspNetCore.Mvc;

            namespace Acme.Web
            {
                public class ReportsController : ControllerBase
                {
                    public string Get(Store store) => store.Load();
                }
            }

            namespace Acme.Storage.Async.Web
            {
                public class OrdersController : ControllerBase
                {
                    public string Get(Store store) => {|#0:store.Load()|};
                }
            }

            namespace Acme.Api
            {
                public class InvoicesController : ControllerBase
                {
                    public string Get(Store store) => store.Load();
                }
            }

            namespace Acme.Storage.Async.Api
            {
                public class PaymentsController : ControllerBase
                {
                    public string Get(Store store) => {|#1:store.Load()|};
                }
            }

            namespace Acme.Jobs
            {
                public class RefundsController : ControllerBase
                {
                    public string Get(Store store) => store.Load();
                }
            }

            namespace Acme.Storage.Async.Jobs
            {
                public class ReceiptsController : ControllerBase
                {
                    public string Get(Store store) => {|#2:store.Load()|};
                }
            }
            """),
        references: ReferenceSets.WithLibrary("Acme.Storage", Storage),
        expected: new[]
        {
            Load(0, "OrdersController.Get"),
            Load(1, "PaymentsController.Get"),
            Load(2, "ReceiptsController.Get"),
        });

    /// <summary>Nested blocks: the innermost one's name and usings count, not only the outer block's.</summary>
    [Fact]
    public Task TheInnermostOfNestedNamespacesDecides() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using Acme.Storage;
            using Microsoft.AspNetCore.Mvc;

            namespace Acme
            {
                namespace Web
                {
                    public class ReportsController : ControllerBase
                    {
                        public string Get(Store store) => store.Load();
                    }
                }

                namespace Web
                {
                    using Acme.Storage.Async;

                    public class OrdersController : ControllerBase
                    {
                        public string Get(Store store) => {|#0:store.Load()|};
                    }
                }

                namespace Api
                {
                    public class InvoicesController : ControllerBase
                    {
                        public string Get(Store store) => store.Load();
                    }
                }

                namespace Storage.Async.Api
                {
                    public class PaymentsController : ControllerBase
                    {
                        public string Get(Store store) => {|#1:store.Load()|};
                    }
                }

                namespace Jobs
                {
                    public class RefundsController : ControllerBase
                    {
                        public string Get(Store store) => store.Load();
                    }
                }

                namespace Jobs
                {
                    using Acme.Storage.Async;

                    public class ReceiptsController : ControllerBase
                    {
                        public string Get(Store store) => {|#2:store.Load()|};
                    }
                }
            }
            """),
        references: ReferenceSets.WithLibrary("Acme.Storage", Storage),
        expected: new[]
        {
            Load(0, "OrdersController.Get"),
            Load(1, "PaymentsController.Get"),
            Load(2, "ReceiptsController.Get"),
        });

    /// <summary>Files in the same namespace (block-scoped or file-scoped), or in none, with and without the using at
    /// the top of the file.</summary>
    [Fact]
    public Task TheUsingsOfAFileDecide() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(
            new TestSource("ReportsController.cs", """
                using Acme.Storage;
                using Microsoft.AspNetCore.Mvc;

                namespace Acme.Web
                {
                    public class ReportsController : ControllerBase
                    {
                        public string Get(Store store) => store.Load() + store.Load();
                    }
                }
                """),
            new TestSource("OrdersController.cs", """
                using Acme.Storage;
                using Acme.Storage.Async;
                using Microsoft.AspNetCore.Mvc;

                namespace Acme.Web
                {
                    public class OrdersController : ControllerBase
                    {
                        public string Get(Store store) => {|#0:store.Load()|};
                    }
                }
                """),
            new TestSource("InvoicesController.cs", """
                using Acme.Storage;
                using Microsoft.AspNetCore.Mvc;

                namespace Acme.Web;

                public class InvoicesController : ControllerBase
                {
                    public string Get(Store store) => store.Load();
                }
                """),
            new TestSource("PaymentsController.cs", """
                using Acme.Storage;
                using Acme.Storage.Async;
                using Microsoft.AspNetCore.Mvc;

                namespace Acme.Web;

                public class PaymentsController : ControllerBase
                {
                    public string Get(Store store) => {|#1:store.Load()|};
                }
                """),
            new TestSource("RefundsController.cs", """
                using Acme.Storage;
                using Microsoft.AspNetCore.Mvc;

                namespace Acme.Web;

                public class RefundsController : ControllerBase
                {
                    public string Get(Store store) => store.Load();
                }
                """),
            new TestSource("ReceiptsController.cs", """
                using Acme.Storage;
                using Acme.Storage.Async;
                using Microsoft.AspNetCore.Mvc;

                namespace Acme.Web
                {
                    public class ReceiptsController : ControllerBase
                    {
                        public string Get(Store store) => {|#2:store.Load()|};
                    }
                }
                """),
            new TestSource("ExportsController.cs", """
                using Acme.Storage;
                using Microsoft.AspNetCore.Mvc;

                public class ExportsController : ControllerBase
                {
                    public string Get(Store store) => store.Load();
                }
                """),
            new TestSource("ImportsController.cs", """
                using Acme.Storage;
                using Acme.Storage.Async;
                using Microsoft.AspNetCore.Mvc;

                public class ImportsController : ControllerBase
                {
                    public string Get(Store store) => {|#3:store.Load()|};
                }
                """)),
        references: ReferenceSets.WithLibrary("Acme.Storage", Storage),
        expected: new[]
        {
            Load(0, "OrdersController.Get"),
            Load(1, "PaymentsController.Get"),
            Load(2, "ReceiptsController.Get"),
            Load(3, "ImportsController.Get"),
        });

    private static Microsoft.CodeAnalysis.Testing.DiagnosticResult Load(int location, string handler)
        => Verify.Diagnostic("BURST003").WithLocation(location).WithMessage(
            $"'StoreReading.Load' does synchronous I/O in request handler '{handler}'; use 'await StoreExtensions.LoadAsync' instead");
}
