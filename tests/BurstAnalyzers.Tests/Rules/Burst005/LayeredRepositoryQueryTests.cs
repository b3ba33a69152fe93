using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// The layout of many layered applications (PressCenters.com in the accuracy corpus): a common project declares generic
/// repository interfaces returning <c>IQueryable&lt;T&gt;</c>, a data project implements them over a DbSet held in a
/// property (a derived repository filtering the base's query), a mapping project projects queries with an extension over
/// the non-generic <c>IQueryable</c>, and the web project registers the open generics and runs the queries in its actions.
/// </summary>
public class LayeredRepositoryQueryTests
{
    private const string Common = """
        using System.Linq;

        namespace Shop.Common
        {
            public interface IDeletable
            {
                bool IsDeleted { get; }
            }

            public interface IRepository<T> where T : class
            {
                IQueryable<T> All();
            }

            public interface IDeletableRepository<T> : IRepository<T> where T : class, IDeletable
            {
                IQueryable<T> AllWithDeleted();
            }

            public class News : IDeletable
            {
                public int Id { get; set; }
                public bool IsDeleted { get; set; }
            }
        }
        """;

    private const string Data = """
        using System.Linq;
        using Microsoft.EntityFrameworkCore;
        using Shop.Common;

        namespace Shop.Data
        {
            public class ShopContext : DbContext
            {
            }

            public class EfRepository<T> : IRepository<T> where T : class
            {
                public EfRepository(ShopContext context)
                {
                    Context = context;
                    DbSet = context.Set<T>();
                }

                protected DbSet<T> DbSet { get; set; }

                protected ShopContext Context { get; set; }

                public virtual IQueryable<T> All() => this.DbSet;
            }

            public class EfDeletableRepository<T> : EfRepository<T>, IDeletableRepository<T> where T : class, IDeletable
            {
                public EfDeletableRepository(ShopContext context) : base(context)
                {
                }

                public override IQueryable<T> All() => base.All().Where(x => !x.IsDeleted);

                public IQueryable<T> AllWithDeleted() => base.All().IgnoreQueryFilters();
            }

            public class MemoryRepository<T> : IRepository<T> where T : class
            {
                private readonly System.Collections.Generic.List<T> _items = new();

                public IQueryable<T> All() => _items.AsQueryable();
            }
        }
        """;

    private const string Mapping = """
        using System;
        using System.Linq;
        using System.Linq.Expressions;

        namespace Shop.Mapping
        {
            public static class QueryableMappingExtensions
            {
                public static IQueryable<TDestination> To<TDestination>(this IQueryable source)
                {
                    if (source == null)
                    {
                        throw new ArgumentNullException(nameof(source));
                    }

                    return source.Provider.CreateQuery<TDestination>(source.Expression);
                }
            }
        }
        """;

    private const string Services = """
        using System.Linq;
        using Shop.Common;

        namespace Shop.Services
        {
            public interface INewsService
            {
                int Count();
            }

            public class NewsService : INewsService
            {
                private readonly IDeletableRepository<News> _news;

                public NewsService(IDeletableRepository<News> news) => _news = news;

                public int Count() => _news.All().Count();
            }
        }
        """;

    private const string Web = """
        using System.Linq;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.Extensions.DependencyInjection;
        using Shop.Common;
        using Shop.Data;
        using Shop.Mapping;
        using Shop.Services;

        public static class Startup
        {
            public static void ConfigureServices(IServiceCollection services)
            {
                services.AddScoped(typeof(IDeletableRepository<>), typeof(EfDeletableRepository<>));
                services.AddScoped(typeof(IRepository<>), typeof(EfRepository<>));
                services.AddTransient<INewsService, NewsService>();
            }
        }

        public class NewsModel
        {
            public int Id { get; set; }
        }

        public class StatsController(IDeletableRepository<News> news) : Controller
        {
            public int Count() => news.All().Count();

            public NewsModel? ById(int id) => news.All().Where(n => n.Id == id).To<NewsModel>().FirstOrDefault();

            public int Deleted() => news.AllWithDeleted().Count();
        }

        public class HomeController(INewsService news) : Controller
        {
            public int Index() => news.Count();
        }
        """;

    [Fact]
    public async Task QueriesFromRepositoriesBoundByOpenGenericRegistrations_RunWhereTheActionsEnumerateThem()
    {
        string[] expected =
        {
            "Web.cs(26,27): BURST003: 'Queryable.Count over the EF Core query from [Shop.Common] IRepository.All \u21D2 [Shop.Data] EfDeletableRepository.All' does synchronous I/O in request handler 'StatsController.Count'; use 'await CountAsync (EF Core)' instead []",
            "Web.cs(28,39): BURST003: 'Queryable.FirstOrDefault over the EF Core query from [Shop.Common] IRepository.All \u21D2 [Shop.Data] EfDeletableRepository.All' does synchronous I/O in request handler 'StatsController.ById'; use 'await FirstOrDefaultAsync (EF Core)' instead []",
            "Web.cs(30,29): BURST003: 'Queryable.Count over the EF Core query from [Shop.Common] IDeletableRepository.AllWithDeleted \u21D2 [Shop.Data] EfDeletableRepository.AllWithDeleted (registered in Web.cs)' does synchronous I/O in request handler 'StatsController.Deleted'; use 'await CountAsync (EF Core)' instead []",
            "Web.cs(35,27): BURST005: Request handler 'HomeController.Index' reaches a blocking call through other methods: Index \u2192 [Shop.Services] NewsService.Count \u2192 Queryable.Count (an EF Core query from IRepository.All \u21D2 [Shop.Data] EfDeletableRepository.All) [Shop.Services.cs(17,31)]",
        };

        var solution = Solution(Data);
        Assert.Equal(string.Join("\n", expected), string.Join("\n", LayeredSolution.Describe(await solution.BuildAsync(Web))));
        Assert.Equal(string.Join("\n", expected), string.Join("\n", LayeredSolution.Describe(await solution.EditorAsync(Web))));
    }

    /// <summary>The host binds the repository to an in-memory implementation: the EF Core one, registered nowhere, runs
    /// for no request, and nothing is reported.</summary>
    [Fact]
    public async Task ARepositoryBoundToAnInMemoryImplementation_IsSilent()
    {
        var web = Web
            .Replace("services.AddScoped(typeof(IDeletableRepository<>), typeof(EfDeletableRepository<>));", "", System.StringComparison.Ordinal)
            .Replace("typeof(EfRepository<>)", "typeof(MemoryRepository<>)", System.StringComparison.Ordinal)
            .Replace("IDeletableRepository<News> news) : Controller", "IRepository<News> news) : Controller", System.StringComparison.Ordinal)
            .Replace("public int Deleted() => news.AllWithDeleted().Count();", "", System.StringComparison.Ordinal);
        var services = Services.Replace("IDeletableRepository<News>", "IRepository<News>", System.StringComparison.Ordinal);
        var solution = new LayeredSolution(webReferences: ReferenceSets.WithEntityFrameworkCore, libraryReferences: ReferenceSets.WithEntityFrameworkCore)
            .Library("Shop.Common", Common).Library("Shop.Services", services).Library("Shop.Data", Data).Library("Shop.Mapping", Mapping);
        Assert.Empty(LayeredSolution.Describe(await solution.BuildAsync(web)));
        Assert.Empty(LayeredSolution.Describe(await solution.EditorAsync(web)));
    }

    private static LayeredSolution Solution(string data)
        => new LayeredSolution(webReferences: ReferenceSets.WithEntityFrameworkCore, libraryReferences: ReferenceSets.WithEntityFrameworkCore)
            .Library("Shop.Common", Common).Library("Shop.Services", Services).Library("Shop.Data", data).Library("Shop.Mapping", Mapping);
}
