using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using ChainVerify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// One test per exempt API shape of the not-I/O twins list: each call below has a public "...Async" twin that the
/// counterpart search would pair with it, and must stay silent because that twin is not an I/O alternative. Each
/// handler also makes one call that is I/O, so the handler is known to be analysed.
/// </summary>
public class NotIoTwinEntryTests
{
    [Fact]
    public Task EntityFrameworkValueGeneratorsComputeInMemory() => Verify.VerifyAnalyzerAsync(TestSource.Files("""
        namespace App
        {
            using System;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.EntityFrameworkCore;
            using Microsoft.EntityFrameworkCore.ChangeTracking;
            using Microsoft.EntityFrameworkCore.ValueGeneration;

            public class Order { public Guid Id { get; set; } }

            public class ShopContext : DbContext
            {
                public DbSet<Order> Orders { get; set; }
            }

            public class OrdersController : ControllerBase
            {
                private readonly ShopContext _db;

                public OrdersController(ShopContext db) => _db = db;

                public int Post(Order order, ValueGenerator untyped, ValueGenerator<Guid> typed)
                {
                    EntityEntry entry = _db.Entry(order);
                    var builtIn = new GuidValueGenerator().Next(entry);
                    var any = untyped.Next(entry);
                    order.Id = typed.Next(entry);
                    return {|BURST003:_db.SaveChanges()|};
                }
            }
        }
        """), references: ReferenceSets.WithEntityFrameworkCore);

    [Fact]
    public Task ValidatorsThroughTheUntypedInterfaceAndTheExtensionAreNotIo() => Verify.VerifyAnalyzerAsync(TestSource.Files("""
        namespace App
        {
            using FluentValidation;
            using Microsoft.AspNetCore.Mvc;

            public class Order { }

            public class OrdersController : ControllerBase
            {
                public bool Post(Order order, IValidator untyped, IValidator<Order> validator, IValidationContext context)
                    => untyped.Validate(context).IsValid
                        && validator.Validate(order, options => options.IncludeRuleSets("create")).IsValid
                        && {|BURST003:System.IO.File.ReadAllText("x")|}.Length > 0;
            }
        }
        """), references: ReferenceSets.WithLibrary("FluentValidation", FluentValidation));

    [Fact]
    public Task XmlReadersAndWritersAreJudgedByHowTheyWereCreated() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Xml;
        using Microsoft.AspNetCore.Mvc;

        public class FeedController : ControllerBase
        {
            public string Get(XmlReader reader, XmlWriter writer, XmlTextReader text, string path)
            {
                var outer = reader.ReadOuterXml();
                var moved = text.Read();
                writer.WriteString(outer);
                writer.Flush();
                return outer + moved + {|BURST003:System.IO.File.ReadAllText(path)|};
            }
        }
        """);

    // A generic caching helper is the shape where GetOrCreate<T>'s factory (Func<ICacheEntry, T>) pairs with
    // GetOrCreateAsync's (Func<ICacheEntry, Task<T>>): the chain from the handler must not end in it. The helper that
    // reads a file beside it shows the chain is followed.
    [Fact]
    public Task MemoryCacheGetOrCreateRunsItsFactoryInPlace() => ChainVerify.VerifyAnalyzerAsync("""
        using System;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.Extensions.Caching.Memory;

        public class Cached
        {
            private readonly IMemoryCache _cache;

            public Cached(IMemoryCache cache) => _cache = cache;

            public T Get<T>(string key, Func<T> make) => _cache.GetOrCreate(key, entry => make())!;

            public T Load<T>(string path, Func<string, T> parse) => parse(System.IO.File.ReadAllText(path));
        }

        public class PricesController : ControllerBase
        {
            private readonly Cached _cached;

            public PricesController(Cached cached) => _cached = cached;

            public int Get(IMemoryCache cache) => cache.GetOrCreate("price", entry => 42) + _cached.Get("price", () => 42);

            public int Load(string path) => {|#0:_cached.Load(path, int.Parse)|};
        }
        """,
        ChainVerify.Diagnostic("BURST005").WithLocation(0).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations)
            .WithArguments("PricesController.Load", "Load → Cached.Load → File.ReadAllText"));

    [Fact]
    public Task TheInMemoryDistributedCacheIsNotIo_OthersAre() => Verify.VerifyAnalyzerAsync("""
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.Extensions.Caching.Distributed;

        public class SessionsController : ControllerBase
        {
            public byte[]? Get(MemoryDistributedCache local, IDistributedCache remote)
            {
                local.Refresh("k");
                local.Remove("k");
                var cached = local.Get("k");
                {|BURST003:remote.Refresh("k")|};
                return cached ?? {|BURST003:remote.Get("k")|};
            }
        }
        """);

    // The FluentValidation surface the tests use (the package is not referenced), compiled into a referenced assembly
    // as the package is: the untyped IValidator and the Validate/ValidateAsync extensions with options.
    private const string FluentValidation = """
        namespace FluentValidation
        {
            using System;
            using System.Threading;
            using System.Threading.Tasks;

            public class ValidationResult { public bool IsValid => true; }

            public interface IValidationContext { }

            public class ValidationStrategy<T>
            {
                public ValidationStrategy<T> IncludeRuleSets(params string[] ruleSets) => this;
            }

            public interface IValidator
            {
                ValidationResult Validate(IValidationContext context);
                Task<ValidationResult> ValidateAsync(IValidationContext context, CancellationToken cancellation = default);
            }

            public interface IValidator<T> : IValidator
            {
                ValidationResult Validate(T instance);
                Task<ValidationResult> ValidateAsync(T instance, CancellationToken cancellation = default);
            }

            public static class DefaultValidatorExtensions
            {
                public static ValidationResult Validate<T>(this IValidator<T> validator, T instance, Action<ValidationStrategy<T>> options)
                    => validator.Validate(instance);

                public static Task<ValidationResult> ValidateAsync<T>(this IValidator<T> validator, T instance, Action<ValidationStrategy<T>> options, CancellationToken cancellation = default)
                    => validator.ValidateAsync(instance, cancellation);
            }
        }
        """;
}
