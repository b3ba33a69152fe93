using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>Every kind of member a call can run: accessors, constructors, local functions, lambdas run in place, partial methods.</summary>
public class MemberKindTests
{
    [Fact]
    public Task PropertyGettersAndSetters() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Settings
        {
            private string _theme = "";

            public string Connection => File.ReadAllText("connection.txt");

            public string Theme
            {
                get => _theme;
                set { Thread.Sleep(1); _theme = value; }
            }

            public int Counter { get; set; }

            public string this[string key] => File.ReadAllText(key);
        }

        public class SettingsController : ControllerBase
        {
            private readonly Settings _settings = new();

            public string Get() => {|BURST005:_settings.Connection|};
            public string GetTheme() => _settings.Theme;
            public void SetTheme(string theme) => {|BURST005:_settings.Theme|} = theme;
            public void Append(string theme) => {|BURST005:_settings.Theme|} += theme;
            public int Count() => ++_settings.Counter;
            public string Name() => nameof(_settings.Connection);
            public string Key(string key) => {|BURST005:_settings[key]|};
            public Settings Create() => new Settings { {|BURST005:Theme|} = "dark", Counter = 1 };
        }
        """);

    [Fact]
    public Task ConstructorsCalledWithNew() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Loaded
        {
            private readonly string _text;
            public Loaded(string path) => _text = File.ReadAllText(path);
            public Loaded() : this("default.txt") { }
        }

        public class Initialized
        {
            private readonly string _config = File.ReadAllText("config.txt");
        }

        public class Derived : Loaded
        {
            public Derived(string path) : base(path) { }
        }

        public class Slow
        {
            public Slow() => Thread.Sleep(1);
        }

        public class ImplicitlyDerived : Slow { }

        public class ExplicitlyDerived : Slow
        {
            public ExplicitlyDerived(int size) { }
        }

        public class Plain
        {
            private readonly int _size = 10;
            public Plain() { }
        }

        public class ObjectsController : ControllerBase
        {
            public object A(string path) => {|BURST005:new Loaded(path)|};
            public object B() => {|BURST005:new Loaded()|};
            public object C() => {|BURST005:new Initialized()|};
            public object D(string path) => {|BURST005:new Derived(path)|};
            public object E() => new Plain();
            public Loaded F(string path) => {|BURST005:new(path)|};
            public object G() => {|BURST005:new ImplicitlyDerived()|};
            public object H() => {|BURST005:new ExplicitlyDerived(1)|};
        }
        """);

    [Fact]
    public Task LocalFunctions() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Routing;

        public class Service
        {
            public int Compute(int n)
            {
                return Step(n);

                static int Step(int n)
                {
                    Thread.Sleep(n);
                    return n;
                }
            }
        }

        public class ComputeController : ControllerBase
        {
            private readonly Service _service = new();

            public int Get(int n)
            {
                // A local function of the handler is the handler's own code: its calls are checked where they are.
                return Twice(n);

                int Twice(int x) => {|BURST005:_service.Compute(x)|} * 2;
            }
        }

        public static class Endpoints
        {
            public static void Map(IEndpointRouteBuilder app)
            {
                // Declared in startup code, outside the endpoint: a hop.
                void Work() => Thread.Sleep(1);

                app.MapGet("/work", () => {|BURST005:Work()|});
            }
        }
        """);

    [Fact]
    public Task LambdasInvokedInPlace() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Service
        {
            public int InPlace() => ((Func<int>)(() => { Thread.Sleep(1); return 1; }))();
            public int Delegate() => new Func<int>(() => Blocking())();
            public int Invoked() => ((Func<int>)(() => Blocking())).Invoke();

            // Created, never run here.
            public Func<int> Later() => () => Blocking();

            private static int Blocking() { Thread.Sleep(1); return 1; }
        }

        public class LambdaController : ControllerBase
        {
            private readonly Service _service = new();

            public int A() => {|BURST005:_service.InPlace()|};
            public int B() => {|BURST005:_service.Delegate()|};
            public int C() => {|BURST005:_service.Invoked()|};
            public Func<int> D() => _service.Later();

            // A lambda written in the handler is handler code: the call inside it is the one reported.
            public int E() => ((Func<int>)(() => {|BURST005:_service.InPlace()|}))();
        }
        """);

    [Fact]
    public Task PartialClassesAndPartialMethods() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public partial class Service
        {
            public partial void Prepare();
            partial void Log();
            public int Run() { Log(); return Helper(); }
        }

        public partial class Service
        {
            public partial void Prepare() => Thread.Sleep(1);
            private int Helper() { Thread.Sleep(1); return 1; }
        }

        public partial class ServiceController : ControllerBase
        {
            private readonly Service _service = new();

            public void Prepare() => {|BURST005:_service.Prepare()|};
        }

        public partial class ServiceController
        {
            public int Run() => {|BURST005:_service.Run()|};
        }
        """);
}
