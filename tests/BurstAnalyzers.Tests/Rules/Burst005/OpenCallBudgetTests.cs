using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// A library method carries a bounded number of open calls to the project that closes them (ChainExport). An entity's
/// virtual navigation properties are open calls too, read everywhere a service touches its entities: taken in the order
/// met, they crowded out the queries after them, and AccountGo's TaxService.GetIntersectionTaxes lost its last query
/// (TaxService.cs 233, a request-path miss). The enumerations of what a member returns come first, then method calls,
/// then property reads.
/// </summary>
public class OpenCallBudgetTests
{
    private const string Core = """
        using System;
        using System.Linq;
        using System.Linq.Expressions;

        namespace Shop.Core
        {
            public class Group
            {
                public virtual string Name { get; set; } = "";
            }

            public class Item
            {
                public int Id { get; set; }

                public virtual Group Group { get; set; } = new Group();
            }

            public class Tax
            {
                public int Id { get; set; }
            }

            public interface IRepository<T> where T : class
            {
                IQueryable<T> GetAllIncluding(params Expression<Func<T, object>>[] includes);
            }
        }
        """;

    private const string Services = """
        using System.Collections.Generic;
        using System.Linq;
        using Shop.Core;

        namespace Shop.Services
        {
            public class TaxService
            {
                private readonly IRepository<Item> _items;
                private readonly IRepository<Tax> _taxes;

                public TaxService(IRepository<Item> items, IRepository<Tax> taxes)
                {
                    _items = items;
                    _taxes = taxes;
                }

                public List<Tax> Intersection(int id)
                {
                    var item = _items.GetAllIncluding().Where(i => i.Id == id).FirstOrDefault();
                    var n = 0;
                    if (item.Group != null && item.Group.Name != null) n++;
                    if (item.Group != null && item.Group.Name != null) n++;
                    if (item.Group != null && item.Group.Name != null) n++;
                    if (item.Group != null && item.Group.Name != null) n++;
                    if (item.Group != null && item.Group.Name != null) n++;
                    if (item.Group != null && item.Group.Name != null) n++;
                    if (item.Group != null && item.Group.Name != null) n++;
                    if (item.Group != null && item.Group.Name != null) n++;
                    if (item.Group != null && item.Group.Name != null) n++;
                    if (item.Group != null && item.Group.Name != null) n++;
                    if (item.Group != null && item.Group.Name != null) n++;
                    if (item.Group != null && item.Group.Name != null) n++;
                    if (item.Group != null && item.Group.Name != null) n++;
                    if (item.Group != null && item.Group.Name != null) n++;
                    var all = _taxes.GetAllIncluding().ToList();
                    return n > 0 ? all : new List<Tax>();
                }
            }
        }
        """;

    private const string Web = """
        using System;
        using System.Linq;
        using System.Linq.Expressions;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.EntityFrameworkCore;
        using Microsoft.Extensions.DependencyInjection;
        using Shop.Core;
        using Shop.Services;

        public class ShopContext : DbContext
        {
        }

        public class EfRepository<T> : IRepository<T> where T : class
        {
            private readonly ShopContext _context;

            public EfRepository(ShopContext context) => _context = context;

            public IQueryable<T> GetAllIncluding(params Expression<Func<T, object>>[] includes) => _context.Set<T>();
        }

        public static class Startup
        {
            public static void ConfigureServices(IServiceCollection services) => services.AddScoped(typeof(IRepository<>), typeof(EfRepository<>));
        }

        public class TaxController : ControllerBase
        {
            private readonly TaxService _service;

            public TaxController(TaxService service) => _service = service;

            public object Get(int id) => _service.Intersection(id);
        }
        """;

    [Fact]
    public async Task ManyNavigationReads_DoNotCrowdOutTheQueriesAfterThem()
    {
        const string Expected = "Web.cs(34,34): BURST005: Request handler 'TaxController.Get' reaches a blocking call through other methods: Get \u2192 [Shop.Services] TaxService.Intersection \u2192 Queryable.FirstOrDefault (an EF Core query from IRepository.GetAllIncluding \u21D2 [Shop.Web] EfRepository.GetAllIncluding (registered in Web.cs)) (and 1 more blocking call behind the same call) [Shop.Services.cs(20,24)]";
        var solution = new LayeredSolution(webReferences: ReferenceSets.WithEntityFrameworkCore, libraryReferences: ReferenceSets.WithEntityFrameworkCore)
            .Library("Shop.Core", Core)
            .Library("Shop.Services", Services);
        Assert.Equal(Expected, string.Join("\n", LayeredSolution.Describe(await solution.BuildAsync(Web))));
    }
}
