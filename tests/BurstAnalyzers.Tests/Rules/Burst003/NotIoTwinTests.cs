using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// Names that pair with an ...Async twin that is no I/O alternative are not synchronous I/O; the
/// calls next to them that do I/O still are.
/// </summary>
public class NotIoTwinTests
{
    [Fact]
    public Task EntityFrameworkAddIsNotIoButSaveChangesAndFindAre() => Verify.VerifyAnalyzerAsync(TestSource.Files("""

        namespace App
        {
            using System.Collections.Generic;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.EntityFrameworkCore;

            public class Order { }

            public class ShopContext : DbContext
            {
                public DbSet<Order> Orders { get; set; }
            }

            public class OrdersController : ControllerBase
            {
                private readonly ShopContext _db;
                private readonly IDbContextFactory<ShopContext> _factory;

                public OrdersController(ShopContext db, IDbContextFactory<ShopContext> factory)
                {
                    _db = db;
                    _factory = factory;
                }

                public int Post(Order order, List<Order> more)
                {
                    _db.Orders.Add(order);
                    _db.Orders.AddRange(more);
                    _db.Add(order);
                    _db.AddRange(order, order);
                    var other = _factory.CreateDbContext();
                    other.Add(order);
                    var existing = {|BURST003:_db.Orders.Find(1)|};
                    return {|BURST003:_db.SaveChanges()|} + {|BURST003:other.SaveChanges()|};
                }
            }
        }
        """), references: ReferenceSets.WithEntityFrameworkCore);

    // A data reader's IsDBNullAsync and GetFieldValueAsync are for SequentialAccess; after ReadAsync the row is in
    // memory. Read, which fetches the next row, stays reported.
    [Fact]
    public Task DataReaderColumnReadsAreNotIoButReadIs() => Verify.VerifyAnalyzerAsync("""
        using System.Data.Common;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class NotesController : ControllerBase
        {
            public async Task<string> Get(DbCommand command)
            {
                await using var reader = await command.ExecuteReaderAsync();
                var text = "";
                while (await reader.ReadAsync())
                {
                    if (!reader.IsDBNull(0))
                    {
                        text += reader.GetFieldValue<string>(0) + reader.GetString(1);
                    }
                }

                return text;
            }

            public int Sync(DbDataReader reader) => {|BURST003:reader.Read()|} && !reader.IsDBNull(0) ? reader.GetFieldValue<int>(0) : 0;
        }
        """);

    [Fact]
    public Task ValidatorsAndInMemoryCachesAreNotIo() => Verify.VerifyAnalyzerAsync(TestSource.Files("""
        namespace App
        {
            using System.IO;
            using FluentValidation;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.Extensions.Caching.Distributed;

            public class Order { }

            public class OrderValidator : AbstractValidator<Order> { }

            public class OrdersController : ControllerBase
            {
                public bool Post(Order order, IValidator<Order> validator, OrderValidator concrete, MemoryDistributedCache local, IDistributedCache remote)
                {
                    local.Set("k", new byte[1], new DistributedCacheEntryOptions());
                    var cached = {|BURST003:remote.Get("k")|};
                    return validator.Validate(order).IsValid && concrete.Validate(order).IsValid && {|BURST003:System.IO.File.ReadAllText("x")|}.Length > 0;
                }
            }
        }
        """), references: ReferenceSets.WithLibrary("FluentValidation", FluentValidation));

    // The FluentValidation surface the test uses, compiled into a referenced assembly as the package is.
    private const string FluentValidation = """
        namespace FluentValidation
        {
            using System.Threading;
            using System.Threading.Tasks;

            public class ValidationResult { public bool IsValid => true; }

            public interface IValidator<T>
            {
                ValidationResult Validate(T instance);
                Task<ValidationResult> ValidateAsync(T instance, CancellationToken cancellation = default);
            }

            public abstract class AbstractValidator<T> : IValidator<T>
            {
                public virtual ValidationResult Validate(T instance) => new();
                public virtual Task<ValidationResult> ValidateAsync(T instance, CancellationToken cancellation = default) => Task.FromResult(new ValidationResult());
            }
        }
        """;

    private const string AngleSharp = """
        namespace AngleSharp.Html.Parser
        {
            using System.IO;
            using System.Threading;
            using System.Threading.Tasks;

            public interface IHtmlParser
            {
                object ParseDocument(string source);
                object ParseDocument(Stream source);
                Task<object> ParseDocumentAsync(string source, CancellationToken cancel);
                Task<object> ParseDocumentAsync(Stream source, CancellationToken cancel);
            }

            public class HtmlParser : IHtmlParser
            {
                public object ParseDocument(string source) => source;
                public object ParseDocument(Stream source) => source;
                public Task<object> ParseDocumentAsync(string source, CancellationToken cancel) => Task.FromResult<object>(source);
                public Task<object> ParseDocumentAsync(Stream source, CancellationToken cancel) => Task.FromResult<object>(source);
            }
        }
        """;

    /// <summary>An HTML parser over markup already in memory does CPU work (its async forms are for streams); over a
    /// stream, which may be a file or a socket, the call stays reported.</summary>
    [Fact]
    public Task ParsingMarkupInMemoryIsNotIo_ParsingAStreamIs() => Verify.VerifyAnalyzerAsync(TestSource.Files("""
        namespace App
        {
            using System.IO;
            using AngleSharp.Html.Parser;
            using Microsoft.AspNetCore.Mvc;

            public class PagesController : ControllerBase
            {
                public object Get(string html, Stream body, IHtmlParser parser)
                {
                    var concrete = new HtmlParser();
                    var a = concrete.ParseDocument(html);
                    var b = parser.ParseDocument(html);
                    var c = {|BURST003:concrete.ParseDocument(body)|};
                    return {|BURST003:parser.ParseDocument(body)|} ?? a ?? b ?? c;
                }
            }
        }
        """), references: ReferenceSets.WithLibrary("AngleSharp", AngleSharp));

    /// <summary>An input formatter's InputFormatterResult.Success/Failure/NoValue build the result in memory (their
    /// ...Async twins wrap it in a completed task): not I/O. Reading the body synchronously next to them still is.</summary>
    [Fact]
    public Task InputFormatterResultsAreNotIo() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Text;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Formatters;

        public class CsvInputFormatter : TextInputFormatter
        {
            public override Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context, Encoding encoding)
            {
                var text = {|BURST003:File.ReadAllText("orders.csv")|};
                if (text.Length == 0)
                {
                    return Task.FromResult(InputFormatterResult.NoValue());
                }

                return Task.FromResult(text == "?" ? InputFormatterResult.Failure() : InputFormatterResult.Success(text));
            }
        }
        """);
}
