using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using ChainFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;
using Fix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// A query over Identity's <c>UserManager.Users</c> on EF Core's stores is an EF Core query, as one over a DbSet is:
/// its counterpart is EF Core's whatever the file imports, and the fix awaits it and adds
/// <c>using Microsoft.EntityFrameworkCore;</c>. Before, the counterpart search knew only DbSet roots, so such a query in
/// a file without the using got no fix, and a chain ending in one was converted only on a second <c>dotnet format</c>
/// pass, once another fix had added the using (blogifier: <c>AuthorRepository.GetItem</c>'s
/// <c>_um.Users.Single(predicate)</c>, 7 chains; <c>AssetsController</c>'s two).
/// </summary>
public class IdentityStoreQueryFixTests
{
    // Identity's EF Core stores referenced: the managers' Users and Roles are the stores' DbSets.
    private const string Stores = "namespace Microsoft.AspNetCore.Identity.EntityFrameworkCore { public class IdentityDbContext { } }";

    /// <summary>
    /// The direct rule names EF Core's counterpart for a LINQ operator over the users, with no using in the file; where
    /// Identity's stores are not EF Core's, nothing says the users are a database query, so there is neither a report
    /// nor an EF Core rewrite.
    /// </summary>
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public Task UsersQueryInAHandler_WithoutTheUsing_IsReportedWithItsCounterpart_OnlyOverEfCoreStores(bool efStores) => Verify.VerifyAnalyzerAsync(
        TestSource.Files(
            new TestSource("Controller.cs", """
                using System.Linq;
                using Microsoft.AspNetCore.Identity;
                using Microsoft.AspNetCore.Mvc;

                public class AccountController : ControllerBase
                {
                    private readonly UserManager<IdentityUser> _users;

                    public AccountController(UserManager<IdentityUser> users) => _users = users;

                    public IActionResult Me(string name) => Ok(MARK_users.Users.Single(u => u.UserName == name)END);
                }
                """.Replace("MARK", efStores ? "{|#0:" : "", System.StringComparison.Ordinal).Replace("END", efStores ? "|}" : "", System.StringComparison.Ordinal)),
            new TestSource("Stores.cs", efStores ? Stores : "namespace Elsewhere { public class IdentityDbContext { } }")),
        references: ReferenceSets.WithEntityFrameworkCore,
        expected: efStores
            ? new[] { Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("Queryable.Single", "AccountController.Me", "await EntityFrameworkQueryableExtensions.SingleAsync") }
            : System.Array.Empty<Microsoft.CodeAnalysis.Testing.DiagnosticResult>());

    [Fact]
    public async Task UsersQueryInAHandler_WithoutTheUsing_AwaitsEfCoreCounterpartAndAddsTheUsing()
    {
        var test = new Fix.Test
        {
            TestState =
            {
                Sources =
                {
                    ("/0/Controller.cs", """
                        using System.Linq;
                        using Microsoft.AspNetCore.Identity;
                        using Microsoft.AspNetCore.Mvc;

                        public class AccountController : ControllerBase
                        {
                            private readonly UserManager<IdentityUser> _users;

                            public AccountController(UserManager<IdentityUser> users) => _users = users;

                            public IActionResult Me(string name) => Ok({|BURST003:_users.Users.Single(u => u.UserName == name)|});

                            public IActionResult First(string name) => Ok({|BURST003:_users.Users.Where(u => u.UserName == name).FirstOrDefault()|});
                        }
                        """),
                    ("/0/Stores.cs", Stores),
                },
            },
            FixedState =
            {
                Sources =
                {
                    ("/0/Controller.cs", """
                        using System.Linq;
                        using System.Threading.Tasks;
                        using Microsoft.AspNetCore.Identity;
                        using Microsoft.AspNetCore.Mvc;
                        using Microsoft.EntityFrameworkCore;

                        public class AccountController : ControllerBase
                        {
                            private readonly UserManager<IdentityUser> _users;

                            public AccountController(UserManager<IdentityUser> users) => _users = users;

                            public async Task<IActionResult> Me(string name) => Ok(await _users.Users.SingleAsync(u => u.UserName == name));

                            public async Task<IActionResult> First(string name) => Ok(await _users.Users.Where(u => u.UserName == name).FirstOrDefaultAsync());
                        }
                        """),
                    ("/0/Stores.cs", Stores),
                },
            },
        };
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        await test.RunAsync(CancellationToken.None);
    }

    /// <summary>
    /// blogifier's shape: a chain from a handler into a repository method that is already async and queries
    /// <c>UserManager.Users</c> in a file without the using. The one fix awaits the query there and adds the using to
    /// that file; nothing else changes.
    /// </summary>
    [Fact]
    public async Task ChainEndingInAUsersQuery_WithoutTheUsing_ConvertsInOnePass()
    {
        const string Controller = """
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class AuthorsController : ControllerBase
            {
                private readonly Authors _authors;

                public AuthorsController(Authors authors) => _authors = authors;

                public async Task<IActionResult> Get(string name) => Ok(await [|_authors.GetItem(name)|]);
            }
            """;
        var test = new ChainFix.Test
        {
            TestState =
            {
                Sources =
                {
                    ("/0/Controller.cs", Controller),
                    ("/0/Authors.cs", """
                        using System.Linq;
                        using System.Threading.Tasks;
                        using Microsoft.AspNetCore.Identity;

                        public class Authors
                        {
                            private readonly UserManager<IdentityUser> _users;

                            public Authors(UserManager<IdentityUser> users) => _users = users;

                            public async Task<string?> GetItem(string name)
                            {
                                var user = _users.Users.Single(u => u.UserName == name);
                                return await Task.FromResult(user.Email);
                            }
                        }
                        """),
                    ("/0/Stores.cs", Stores),
                },
            },
            FixedState =
            {
                Sources =
                {
                    ("/0/Controller.cs", Controller.Replace("[|", "", System.StringComparison.Ordinal).Replace("|]", "", System.StringComparison.Ordinal)),
                    ("/0/Authors.cs", """
                        using System.Linq;
                        using System.Threading.Tasks;
                        using Microsoft.AspNetCore.Identity;
                        using Microsoft.EntityFrameworkCore;

                        public class Authors
                        {
                            private readonly UserManager<IdentityUser> _users;

                            public Authors(UserManager<IdentityUser> users) => _users = users;

                            public async Task<string?> GetItem(string name)
                            {
                                var user = await _users.Users.SingleAsync(u => u.UserName == name);
                                return await Task.FromResult(user.Email);
                            }
                        }
                        """),
                    ("/0/Stores.cs", Stores),
                },
            },
        };
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        await test.RunAsync(CancellationToken.None);
    }

    /// <summary>Query syntax over the users is the same query (blogifier's ItemMapper.MapPostToItem): EF Core's
    /// counterpart is awaited on the parenthesized query.</summary>
    [Fact]
    public async Task UsersQueryInQuerySyntax_WithoutTheUsing_AwaitsEfCoreCounterpart()
    {
        var test = new Fix.Test
        {
            TestState =
            {
                Sources =
                {
                    ("/0/Controller.cs", """
                        using System.Linq;
                        using Microsoft.AspNetCore.Identity;
                        using Microsoft.AspNetCore.Mvc;

                        public class AccountController : ControllerBase
                        {
                            private readonly UserManager<IdentityUser> _users;

                            public AccountController(UserManager<IdentityUser> users) => _users = users;

                            public IActionResult Email(string name) => Ok({|BURST003:(from u in _users.Users
                                                                                 where u.UserName == name
                                                                                 select u.Email).FirstOrDefault()|});
                        }
                        """),
                    ("/0/Stores.cs", Stores),
                },
            },
            FixedState =
            {
                Sources =
                {
                    ("/0/Controller.cs", """
                        using System.Linq;
                        using System.Threading.Tasks;
                        using Microsoft.AspNetCore.Identity;
                        using Microsoft.AspNetCore.Mvc;
                        using Microsoft.EntityFrameworkCore;

                        public class AccountController : ControllerBase
                        {
                            private readonly UserManager<IdentityUser> _users;

                            public AccountController(UserManager<IdentityUser> users) => _users = users;

                            public async Task<IActionResult> Email(string name) => Ok(await (from u in _users.Users
                                                                                 where u.UserName == name
                                                                                 select u.Email).FirstOrDefaultAsync());
                        }
                        """),
                    ("/0/Stores.cs", Stores),
                },
            },
        };
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        await test.RunAsync(CancellationToken.None);
    }

    /// <summary>
    /// A query over memory that starts from the users (<c>AsQueryable</c> over a list made of them) is no EF Core query:
    /// its <c>ToList</c> is the one reported and fixed, and the <c>Single</c> after <c>AsQueryable</c> keeps its sync
    /// form, since EF Core's async operators throw on such a queryable.
    /// </summary>
    [Fact]
    public async Task UsersCopiedToMemory_OnlyTheQueryIsAwaited()
    {
        var test = new Fix.Test
        {
            TestState =
            {
                Sources =
                {
                    ("/0/Controller.cs", """
                        using System.Linq;
                        using Microsoft.AspNetCore.Identity;
                        using Microsoft.AspNetCore.Mvc;

                        public class AccountController : ControllerBase
                        {
                            private readonly UserManager<IdentityUser> _users;

                            public AccountController(UserManager<IdentityUser> users) => _users = users;

                            public IActionResult Me(string name) => Ok({|BURST003:_users.Users.ToList()|}.AsQueryable().Single(u => u.UserName == name));
                        }
                        """),
                    ("/0/Stores.cs", Stores),
                },
            },
            FixedState =
            {
                Sources =
                {
                    ("/0/Controller.cs", """
                        using System.Linq;
                        using System.Threading.Tasks;
                        using Microsoft.AspNetCore.Identity;
                        using Microsoft.AspNetCore.Mvc;
                        using Microsoft.EntityFrameworkCore;

                        public class AccountController : ControllerBase
                        {
                            private readonly UserManager<IdentityUser> _users;

                            public AccountController(UserManager<IdentityUser> users) => _users = users;

                            public async Task<IActionResult> Me(string name) => Ok((await _users.Users.ToListAsync()).AsQueryable().Single(u => u.UserName == name));
                        }
                        """),
                    ("/0/Stores.cs", Stores),
                },
            },
        };
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        await test.RunAsync(CancellationToken.None);
    }
}
