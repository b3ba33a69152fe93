using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// Chains through calls written after <c>?.</c> (a logger that may be null, writing to a writer that may be null, as
/// Tranga's Logger does): each such call that is a statement becomes an await of its whole access, with a completed
/// task when the receiver is null; a chain through one whose value is used gets no async fix.
/// </summary>
public class ConditionalCallChainFixerTests
{
    /// <summary>The blocking call (<c>_out?.Write</c>) and the call of the converted method (<c>_logger?.Write</c>) are
    /// both after <c>?.</c>.</summary>
    [Fact]
    public Task ChainThroughLoggerCalledAfterQuestionDot_AccessesAreAwaited() => Verify.VerifyCodeFixAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class Logger
        {
            private readonly TextWriter _out;

            public Logger(TextWriter output) => _out = output;

            public void Write(string message)
            {
                _out?.Write(message);
            }
        }

        public class Orders
        {
            private readonly Logger _logger;

            public Orders(Logger logger) => _logger = logger;

            public int Place(int id)
            {
                _logger?.Write("placing");
                return id;
            }
        }

        public class OrdersController : ControllerBase
        {
            private readonly Orders _orders;

            public OrdersController(Orders orders) => _orders = orders;

            public int Post(int id) => [|_orders.Place(id)|];
        }
        """, """
        using System.IO;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Logger
        {
            private readonly TextWriter _out;

            public Logger(TextWriter output) => _out = output;

            public async Task WriteAsync(string message)
            {
                await (_out?.WriteAsync(message) ?? Task.CompletedTask);
            }
        }

        public class Orders
        {
            private readonly Logger _logger;

            public Orders(Logger logger) => _logger = logger;

            public async Task<int> PlaceAsync(int id)
            {
                await (_logger?.WriteAsync("placing") ?? Task.CompletedTask);
                return id;
            }
        }

        public class OrdersController : ControllerBase
        {
            private readonly Orders _orders;

            public OrdersController(Orders orders) => _orders = orders;

            public async Task<int> Post(int id) => await _orders.PlaceAsync(id);
        }
        """);

    /// <summary>A converted method that returns a value, called after <c>?.</c> through a member
    /// (<c>_host?.Logger.Write(...)</c>) with its value dropped: the access is awaited, its task's value dropped too.</summary>
    [Fact]
    public Task ValueReturningMethodCalledAtTheEndOfAChainAfterQuestionDot_AccessIsAwaited() => Verify.VerifyCodeFixAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class Logger
        {
            private readonly TextWriter _out;

            public Logger(TextWriter output) => _out = output;

            public int Write(string message)
            {
                _out.Write(message);
                return message.Length;
            }
        }

        public class Host
        {
            public Logger Logger { get; set; }
        }

        public class OrdersController : ControllerBase
        {
            private readonly Host _host;

            public OrdersController(Host host) => _host = host;

            public IActionResult Post()
            {
                _host?[|.Logger.Write("placing")|];
                return Ok();
            }
        }
        """, """
        using System.IO;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Logger
        {
            private readonly TextWriter _out;

            public Logger(TextWriter output) => _out = output;

            public async Task<int> WriteAsync(string message)
            {
                await _out.WriteAsync(message);
                return message.Length;
            }
        }

        public class Host
        {
            public Logger Logger { get; set; }
        }

        public class OrdersController : ControllerBase
        {
            private readonly Host _host;

            public OrdersController(Host host) => _host = host;

            public async Task<IActionResult> Post()
            {
                await (_host?.Logger.WriteAsync("placing") ?? Task.CompletedTask);
                return Ok();
            }
        }
        """);

    /// <summary>One caller uses the value of the access (<c>_logger?.Write(...) ?? 0</c>): made async, the method's
    /// value there would be a task. The chain has no async fix (the offload fix remains).</summary>
    [Fact]
    public Task CallerUsesTheValueOfTheAccess_NoFix() => Verify.VerifyNoFixAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class Logger
        {
            private readonly TextWriter _out;

            public Logger(TextWriter output) => _out = output;

            public int Write(string message)
            {
                _out?.Write(message);
                return message.Length;
            }
        }

        public class Orders
        {
            private readonly Logger _logger;

            public Orders(Logger logger) => _logger = logger;

            public int Place(int id)
            {
                var written = _logger?.Write("placing") ?? 0;
                return id + written;
            }
        }

        public class OrdersController : ControllerBase
        {
            private readonly Orders _orders;

            public OrdersController(Orders orders) => _orders = orders;

            public int Post(int id) => [|_orders.Place(id)|];
        }
        """);

    /// <summary>Two handlers reach the same logger after <c>?.</c>: Fix All converts the shared chain once (the
    /// verifier applies each diagnostic's fix alone, then Fix All in each scope, in one pass).</summary>
    [Fact]
    public Task FixAll_TwoHandlersShareAChainThroughQuestionDot_ItIsConvertedOnce() => Verify.VerifyCodeFixAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class Logger
        {
            private readonly TextWriter _out;

            public Logger(TextWriter output) => _out = output;

            public void WriteLine(string caller, string message)
            {
                Write(caller, message + "\n");
            }

            public void Write(string caller, string message)
            {
                if (message is null)
                    return;
                _out?.Write(caller + ": " + message);
            }
        }

        public class TasksController : ControllerBase
        {
            private readonly Logger _logger;

            public TasksController(Logger logger) => _logger = logger;

            public IActionResult Create(string name)
            {
                _logger?{|BURST005:.WriteLine("Tasks", name)|};
                return Ok();
            }

            public IActionResult Delete(string name)
            {
                _logger?{|BURST005:.Write("Tasks", name)|};
                return Ok();
            }
        }
        """, """
        using System.IO;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Logger
        {
            private readonly TextWriter _out;

            public Logger(TextWriter output) => _out = output;

            public async Task WriteLineAsync(string caller, string message)
            {
                await WriteAsync(caller, message + "\n");
            }

            public async Task WriteAsync(string caller, string message)
            {
                if (message is null)
                    return;
                await (_out?.WriteAsync(caller + ": " + message) ?? Task.CompletedTask);
            }
        }

        public class TasksController : ControllerBase
        {
            private readonly Logger _logger;

            public TasksController(Logger logger) => _logger = logger;

            public async Task<IActionResult> Create(string name)
            {
                await (_logger?.WriteLineAsync("Tasks", name) ?? Task.CompletedTask);
                return Ok();
            }

            public async Task<IActionResult> Delete(string name)
            {
                await (_logger?.WriteAsync("Tasks", name) ?? Task.CompletedTask);
                return Ok();
            }
        }
        """);
}
