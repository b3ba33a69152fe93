using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Fix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// An extension call's receiver is the expression as written: an explicit cast or <c>as</c> on it decides which
/// extensions apply, as it does for the compiler. EF Core's ToListAsync is found for
/// <c>((IQueryable&lt;Item&gt;)items).ToList()</c> over a query handed out as a sequence, a library's SaveAsync for
/// <c>((Document)HttpContext.Items["document"]).Save()</c>. A cast to a type that no counterpart extends is quiet over
/// memory (a list, AsQueryable over one) and reported, as without the cast, over a DbSet, with or without the using; a
/// miss over memory does not hide the cast over a DbSet.
/// </summary>
public class CastReceiverTests
{
    private const string Model = """

        public class Item
        {
            public int Id { get; set; }

            public string Name { get; set; } = "";
        }

        public class ShopContext : Microsoft.EntityFrameworkCore.DbContext
        {
            public Microsoft.EntityFrameworkCore.DbSet<Item> Items => Set<Item>();
        }
        """;

    [Fact]
    public Task ACastToAQueryableFindsEntityFrameworksCounterpart() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Collections.Generic;
            using System.Linq;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.EntityFrameworkCore;

            public class ItemsController : ControllerBase
            {
                private readonly ShopContext _db;

                public ItemsController(ShopContext db) => _db = db;

                public IActionResult Sequence(string name) => Ok(Named(name).ToList());

                public IActionResult Cached(List<Item> cached) => Ok(((IEnumerable<Item>)cached).ToList());

                public IActionResult InMemory(List<Item> cached) => Ok(((IEnumerable<Item>)cached.AsQueryable()).ToList());

                public IActionResult Cast(string name) => Ok({|#0:((IQueryable<Item>)Named(name)).ToList()|});

                public IActionResult As(string name) => Ok({|#1:(Named(name) as IQueryable<Item>).Count()|});

                public IActionResult Upcast() => Ok({|#2:((IEnumerable<Item>)_db.Items).ToList()|});

                // A repository's query handed out as a sequence.
                private IEnumerable<Item> Named(string name) => _db.Items.Where(i => i.Name == name);
            }
            """ + Model),
        references: ReferenceSets.WithEntityFrameworkCore,
        expected: new[]
        {
            Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("Enumerable.ToList", "ItemsController.Cast", "await EntityFrameworkQueryableExtensions.ToListAsync"),
            Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("Queryable.Count", "ItemsController.As", "await EntityFrameworkQueryableExtensions.CountAsync"),
            Verify.Diagnostic("BURST003").WithLocation(2).WithArguments("Enumerable.ToList", "ItemsController.Upcast", "await EntityFrameworkQueryableExtensions.ToListAsync"),
        });

    /// <summary>Without <c>using Microsoft.EntityFrameworkCore;</c>, a LINQ call over a DbSet is still a query, under a
    /// widening cast too.</summary>
    [Fact]
    public Task AWideningCastOverADbSetIsAQueryWithoutTheUsing() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Collections.Generic;
            using System.Linq;
            using Microsoft.AspNetCore.Mvc;

            public class ItemsController : ControllerBase
            {
                private readonly ShopContext _db;

                public ItemsController(ShopContext db) => _db = db;

                public IActionResult Cached(List<Item> cached) => Ok(((IEnumerable<Item>)cached).ToList());

                public IActionResult Upcast() => Ok({|#0:((IEnumerable<Item>)_db.Items).ToList()|});
            }
            """ + Model),
        references: ReferenceSets.WithEntityFrameworkCore,
        expected: Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("Enumerable.ToList", "ItemsController.Upcast", "await EntityFrameworkQueryableExtensions.ToListAsync"));

    /// <summary>
    /// Over a query, a miss is not remembered: whether a LINQ call is an EF Core query depends on the expression (a
    /// DbSet at its root, AsQueryable over memory), not on its type. A miss on a query over memory, or on a query
    /// handed in, must not hide the same call over a DbSet later in the same file, with or without the using.
    /// </summary>
    [Fact]
    public Task AMissOverMemoryDoesNotHideTheSameCallOverADbSet() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Collections.Generic;
            using System.Linq;
            using Microsoft.AspNetCore.Mvc;

            public class ItemsController : ControllerBase
            {
                private readonly ShopContext _db;

                public ItemsController(ShopContext db) => _db = db;

                public IActionResult InMemory(List<int> ids) => Ok(ids.AsQueryable().ToList());

                public IActionResult Given(IQueryable<int> ids) => Ok(ids.ToList());

                public IActionResult Stored() => Ok({|#0:_db.Items.Select(i => i.Id).ToList()|});
            }
            """ + Model),
        references: ReferenceSets.WithEntityFrameworkCore,
        expected: Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("Enumerable.ToList", "ItemsController.Stored", "await EntityFrameworkQueryableExtensions.ToListAsync"));

    /// <summary>The fix keeps the cast and awaits the counterpart on it.</summary>
    [Fact]
    public async Task TheFixAwaitsTheCounterpartOnTheCast()
    {
        var test = new Fix.Test
        {
            TestCode = """
                using System.Collections.Generic;
                using System.Linq;
                using Microsoft.AspNetCore.Mvc;
                using Microsoft.EntityFrameworkCore;

                public class ItemsController : ControllerBase
                {
                    private readonly ShopContext _db;

                    public ItemsController(ShopContext db) => _db = db;

                    public IActionResult Cast(string name) => Ok({|BURST003:((IQueryable<Item>)Named(name)).ToList()|});

                    public IActionResult As(string name) => Ok({|BURST003:(Named(name) as IQueryable<Item>).Count()|});

                    private IEnumerable<Item> Named(string name) => _db.Items.Where(i => i.Name == name);
                }
                """ + Model,
            FixedCode = """
                using System.Collections.Generic;
                using System.Linq;
                using System.Threading.Tasks;
                using Microsoft.AspNetCore.Mvc;
                using Microsoft.EntityFrameworkCore;

                public class ItemsController : ControllerBase
                {
                    private readonly ShopContext _db;

                    public ItemsController(ShopContext db) => _db = db;

                    public async Task<IActionResult> Cast(string name) => Ok(await ((IQueryable<Item>)Named(name)).ToListAsync());

                    public async Task<IActionResult> As(string name) => Ok(await (Named(name) as IQueryable<Item>).CountAsync());

                    private IEnumerable<Item> Named(string name) => _db.Items.Where(i => i.Name == name);
                }
                """ + Model,
        };
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        await test.RunAsync(CancellationToken.None);
    }

    /// <summary>A document SDK whose Save and Delete have async twins as extensions.</summary>
    private const string Documents = """
        namespace Documents.Client
        {
            using System.Threading.Tasks;

            public interface IDocument { }

            public class Document : IDocument { }

            public static class DocumentExtensions
            {
                public static bool Save(this Document document) => true;
                public static Task<bool> SaveAsync(this Document document) => Task.FromResult(true);
                public static bool Delete(this IDocument document) => true;
                public static Task<bool> DeleteAsync(this IDocument document) => Task.FromResult(true);
            }
        }
        """;

    [Fact]
    public Task ACastFromObjectFindsALibrarysCounterpart() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using Documents.Client;
            using Microsoft.AspNetCore.Mvc;

            public class DocumentsController : ControllerBase
            {
                public bool Put() => {|#0:((Document)HttpContext.Items["document"]).Save()|};

                public bool Delete(object state) => {|#1:(state as IDocument).Delete()|};
            }
            """),
        references: ReferenceSets.WithLibrary("Documents.Client", Documents),
        expected: new[]
        {
            Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("DocumentExtensions.Save", "DocumentsController.Put", "await DocumentExtensions.SaveAsync"),
            Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("DocumentExtensions.Delete", "DocumentsController.Delete", "await DocumentExtensions.DeleteAsync"),
        });
}
