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
}
