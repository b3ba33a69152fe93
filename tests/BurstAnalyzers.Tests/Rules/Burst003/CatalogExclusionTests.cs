using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// burst_analyzers.excluded_apis names an API by its documentation id, as declared: a property by the property (its
/// getter is what blocks), a member of a generic type by the generic definition, whatever the type argument at the call.
/// </summary>
public class CatalogExclusionTests
{
    [Fact]
    public Task AnExcludedPropertyIsNeverReported() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using Microsoft.AspNetCore.Mvc;

            public class FormController : ControllerBase
            {
                public string Post(string path) => Request.Form["name"] + {|BURST003:System.IO.File.ReadAllText(path)|};
            }
            """),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.excluded_apis = P:Microsoft.AspNetCore.Http.HttpRequest.Form
            """);

    [Fact]
    public Task AnExcludedMemberOfAGenericTypeIsExcludedForEveryTypeArgument() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""

            namespace App
            {
                using Microsoft.AspNetCore.Mvc;
                using Microsoft.EntityFrameworkCore;

                public class Order { }

                public class Invoice { }

                public class ShopContext : DbContext
                {
                    public DbSet<Order> Orders { get; set; }

                    public DbSet<Invoice> Invoices { get; set; }
                }

                public class OrdersController : ControllerBase
                {
                    private readonly ShopContext _db;

                    public OrdersController(ShopContext db) => _db = db;

                    public int Get(int id) => (_db.Orders.Find(id) is null ? 0 : 1) + (_db.Invoices.Find(id) is null ? 0 : 1) + {|BURST003:_db.SaveChanges()|};
                }
            }
            """),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.excluded_apis = M:Microsoft.EntityFrameworkCore.DbSet`1.Find(System.Object[])
            """,
        references: ReferenceSets.WithEntityFrameworkCore);

    [Fact]
    public Task AnExcludedPropertyOfAGenericTypeIsExcludedForEveryTypeArgument() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class QuotesController : ControllerBase
            {
                public string Get(Task<int> count, Task<string> name, Task other)
                {
                    {|BURST002:other.Wait()|};
                    return count.Result + name.Result;
                }
            }
            """),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.excluded_apis = P:System.Threading.Tasks.Task`1.Result
            """);
}
