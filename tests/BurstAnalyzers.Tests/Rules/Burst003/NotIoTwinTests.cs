using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// Names that pair with an ...Async twin that is no I/O alternative are not synchronous I/O; the
/// calls next to them that do I/O still are.
/// </summary>
public class NotIoTwinTests
{
    private const string EntityFramework = """
        namespace Microsoft.EntityFrameworkCore
        {
            using System.Collections.Generic;
            using System.Threading;
            using System.Threading.Tasks;

            public class DbContext
            {
                public virtual object Add(object entity) => entity;
                public virtual ValueTask<object> AddAsync(object entity, CancellationToken cancellationToken = default) => new(entity);
                public virtual void AddRange(params object[] entities) { }
                public virtual Task AddRangeAsync(params object[] entities) => Task.CompletedTask;
                public virtual int SaveChanges() => 0;
                public virtual Task<int> SaveChangesAsync(CancellationToken cancellationToken = default) => Task.FromResult(0);
            }

            public abstract class DbSet<TEntity> where TEntity : class
            {
                public virtual TEntity Add(TEntity entity) => entity;
                public virtual ValueTask<TEntity> AddAsync(TEntity entity, CancellationToken cancellationToken = default) => new(entity);
                public virtual void AddRange(IEnumerable<TEntity> entities) { }
                public virtual Task AddRangeAsync(IEnumerable<TEntity> entities, CancellationToken cancellationToken = default) => Task.CompletedTask;
                public virtual TEntity Find(params object[] keyValues) => null;
                public virtual ValueTask<TEntity> FindAsync(params object[] keyValues) => default;
            }

            public interface IDbContextFactory<TContext> where TContext : DbContext
            {
                TContext CreateDbContext();
                Task<TContext> CreateDbContextAsync(CancellationToken cancellationToken = default);
            }
        }
        """;

    [Fact]
    public Task EntityFrameworkAddIsNotIoButSaveChangesAndFindAre() => Verify.VerifyAnalyzerAsync(EntityFramework + """

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
        """);

    [Fact]
    public Task ValidatorsAndInMemoryCachesAreNotIo() => Verify.VerifyAnalyzerAsync("""
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
        """);
}
