using System.Threading.Tasks;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using AsyncFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.TaskWaitFixer>;
using OffloadFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.CodeFixes.Offload.OffloadFixer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

/// <summary>
/// A task handed to the response's serializer (AccountGo's sign-in: <c>return new ObjectResult(_userManager.FindByEmailAsync(email));</c>):
/// the serializers write a <c>Task&lt;T&gt;</c>'s public properties, <c>Result</c> among them, whose getter waits for the
/// task on the request thread after the action returns. BURST002 at the task, with no fix: awaiting it would change what
/// the response contains, and offloading the action does not move the result's execution.
/// </summary>
public class SerializedTaskTests
{
    private const string Source = """
        using System.Collections.Generic;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Http;
        using Microsoft.AspNetCore.Mvc;

        public interface IUsers
        {
            Task<string> FindAsync(string email);

            ValueTask<int> CountAsync();

            Task TouchAsync();
        }

        public class AccountController : Controller
        {
            private readonly IUsers _users;

            public AccountController(IUsers users) => _users = users;

            public IActionResult SignIn(string email) => new ObjectResult({|#0:_users.FindAsync(email)|});

            public IActionResult Find(string email) => Ok({|#1:_users.FindAsync(email)|});

            public IActionResult Count() => Json({|#2:_users.CountAsync()|});

            public object Untyped(string email) => {|#3:_users.FindAsync(email)|};

            public IResult Minimal(string email) => Results.Ok({|#4:_users.FindAsync(email)|});

            // Awaited first: the result is the value.
            public async Task<IActionResult> Awaited(string email) => Ok(await _users.FindAsync(email));

            // An action typed Task<T>: MVC awaits it.
            public Task<string> Typed(string email) => _users.FindAsync(email);

            // A task with no result: its properties (Id, Status...) wait for nothing.
            public IActionResult Touched() => Ok(_users.TouchAsync());

            // A view renders its model.
            public IActionResult Shown(string email) => View(_users.FindAsync(email));

            // The route values are not the body; the value is.
            public IActionResult Created(string email) => CreatedAtAction("Find", new { email }, {|#6:_users.FindAsync(email)|});

            public IActionResult CreatedValue(string email) => CreatedAtAction("Find", new { email }, email);

            // Complete already: reading Result waits for nothing.
            public IActionResult Known(string email) => Ok(Task.FromResult(email));

            public async Task<IActionResult> AwaitedFirst(string email)
            {
                var user = _users.FindAsync(email);
                await user;
                return Ok(user);
            }

            // The wait is the .Result itself (its own report), not the serializer's.
            public IActionResult Nested(Task<Task<string>> outer) => Ok({|#7:outer.Result|});
        }

        public static class Endpoints
        {
            public static void Map(WebApplication app, IUsers users)
            {
                app.MapGet("/user", (string email) => Results.Ok({|#5:users.FindAsync(email)|}));
                app.MapGet("/awaited", async (string email) => Results.Ok(await users.FindAsync(email)));
            }
        }

        // Not a handler: a result built outside a request.
        public static class Reports
        {
            public static IActionResult Build(IUsers users) => new ObjectResult(users.FindAsync("a@b.c"));
        }
        """;

    private const string Call = "Task.Result, read by the response's serializer,";
    private const string Instead = "await the task and hand its result to the response";

    [Fact]
    public Task ATaskHandedToTheResponse_IsReportedAtTheTask() => Verify.VerifyAnalyzerAsync(
        Source,
        Verify.Diagnostic("BURST002").WithLocation(0).WithArguments(Call, "AccountController.SignIn", Instead),
        Verify.Diagnostic("BURST002").WithLocation(1).WithArguments(Call, "AccountController.Find", Instead),
        Verify.Diagnostic("BURST002").WithLocation(2).WithArguments(Call, "AccountController.Count", Instead),
        Verify.Diagnostic("BURST002").WithLocation(3).WithArguments(Call, "AccountController.Untyped", Instead),
        Verify.Diagnostic("BURST002").WithLocation(4).WithArguments(Call, "AccountController.Minimal", Instead),
        Verify.Diagnostic("BURST002").WithLocation(5).WithArguments(Call, "MapGet(\"/user\")", Instead),
        Verify.Diagnostic("BURST002").WithLocation(6).WithArguments(Call, "AccountController.Created", Instead),
        Verify.Diagnostic("BURST002").WithLocation(7).WithArguments("Task.Result", "AccountController.Nested", "await the task"));

    /// <summary>
    /// An action typed <c>ActionResult&lt;object&gt;</c>, or async and typed <c>Task&lt;object&gt;</c>,
    /// <c>ValueTask&lt;object&gt;</c> or <c>Task&lt;ActionResult&lt;object&gt;&gt;</c>: what it returns is the response's
    /// value, and a task there is serialized like one handed to <c>Ok</c>. Not where the task is awaited first, nor
    /// an action typed by the task's own result (<c>Task&lt;string&gt;</c>, non-async <c>Task&lt;object&gt;</c>: MVC
    /// awaits the task the action returns), nor a lambda's return inside the action.
    /// </summary>
    [Fact]
    public Task ATaskReturnedAsTheValueOfAnObjectTypedAction_IsReported() => Verify.VerifyAnalyzerAsync(
        """
        using System;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class AccountController : ControllerBase
        {
            private static Task<string> FindAsync(string email) => Task.Run(() => email);

            public ActionResult<object> Wrapped(string email) => {|#0:FindAsync(email)|};

            public async Task<object> Untyped(string email)
            {
                await Task.Yield();
                return {|#1:FindAsync(email)|};
            }

            public async ValueTask<object> UntypedValue(string email)
            {
                await Task.Yield();
                return {|#2:FindAsync(email)|};
            }

            public async Task<ActionResult<object>> WrappedAsync(string email)
            {
                await Task.Yield();
                return {|#3:FindAsync(email)|};
            }

            public async Task<object> Awaited(string email) => await FindAsync(email);

            public async Task<ActionResult<object>> AwaitedWrapped(string email) => await FindAsync(email);

            public Task<object> NotAsync(string email) => Task.FromResult<object>(email);

            public async Task<object> InALambda(string email)
            {
                Func<object> later = () => FindAsync(email);
                await Task.Yield();
                return later;
            }
        }
        """,
        Verify.Diagnostic("BURST002").WithLocation(0).WithArguments(Call, "AccountController.Wrapped", Instead),
        Verify.Diagnostic("BURST002").WithLocation(1).WithArguments(Call, "AccountController.Untyped", Instead),
        Verify.Diagnostic("BURST002").WithLocation(2).WithArguments(Call, "AccountController.UntypedValue", Instead),
        Verify.Diagnostic("BURST002").WithLocation(3).WithArguments(Call, "AccountController.WrappedAsync", Instead));

    /// <summary>The offload runtime moves the action, not the result's execution, where the serializer waits: no
    /// [OffloadBlocking] fix, though the package is referenced.</summary>
    [Fact]
    public Task NoOffloadFix()
    {
        var sources = TestSource.Files(
            new TestSource("Offload.cs", """
                namespace BurstAnalyzers.Offload
                {
                    [System.AttributeUsage(System.AttributeTargets.Class | System.AttributeTargets.Method)]
                    public sealed class OffloadBlockingAttribute : System.Attribute { }
                }
                """),
            new TestSource("AccountController.cs", """
                using System.Threading.Tasks;
                using Microsoft.AspNetCore.Mvc;

                public class AccountController : ControllerBase
                {
                    public IActionResult SignIn(string email) => Ok({|BURST002:FindAsync(email)|});

                    private static async Task<string> FindAsync(string email)
                    {
                        await Task.Yield();
                        return email;
                    }
                }
                """));
        return OffloadFix.VerifyCodeFixAsync(sources, sources);
    }

    /// <summary>No async fix either: <c>Ok(await task)</c> would serialize the value where the response held the task.</summary>
    [Fact]
    public Task NoAsyncFix() => AsyncFix.VerifyNoFixAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class AccountController : ControllerBase
        {
            public IActionResult SignIn(string email) => Ok({|BURST002:FindAsync(email)|});

            public Task<IActionResult> Find(string email) => Task.FromResult<IActionResult>(new ObjectResult({|BURST002:FindAsync(email)|}));

            private static async Task<string> FindAsync(string email)
            {
                await Task.Yield();
                return email;
            }
        }
        """);
}
