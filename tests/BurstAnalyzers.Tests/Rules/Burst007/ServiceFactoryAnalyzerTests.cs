using System.Threading.Tasks;
using BurstAnalyzers.Rules;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst007;

/// <summary>
/// Dependency-injection factories run on the request thread that resolves their service: a
/// blocking call in one, directly or through other methods, is BURST007, with a remedy a factory can follow.
/// </summary>
public class ServiceFactoryAnalyzerTests
{
    private const string Services = """
        using System;
        using System.IO;
        using System.Net.Http;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.Extensions.DependencyInjection;
        using Microsoft.Extensions.DependencyInjection.Extensions;
        using Microsoft.Extensions.Http;

        public class Connection { }

        public class ConnectionFactory
        {
            public async Task<Connection> ConnectAsync() { await Task.Delay(10); return new Connection(); }

            public Connection Open() => ConnectAsync().Result;
        }

        public interface ISettings { }

        public class Settings : ISettings { public Settings(string text) { } }

        """;

    [Fact]
    public Task BlockingInFactoriesOfEveryRegistrationForm() => CSharpAnalyzerVerifier<BlockingCallAnalyzer>.VerifyAnalyzerAsync(Services + """
        public static class Registration
        {
            public static void Add(IServiceCollection services)
            {
                services.AddSingleton(sp => {|BURST007:sp.GetRequiredService<ConnectionFactory>().ConnectAsync().Result|});
                services.AddScoped<ISettings>(sp => new Settings({|BURST007:File.ReadAllText("settings.json")|}));
                services.AddTransient(typeof(ISettings), sp =>
                {
                    {|BURST007:Thread.Sleep(10)|};
                    return new Settings("");
                });
                services.TryAddScoped<Connection>(sp => {|BURST007:new ConnectionFactory().ConnectAsync().GetAwaiter().GetResult()|});
                services.AddKeyedSingleton<Connection>("primary", (sp, key) => {|BURST007:new ConnectionFactory().ConnectAsync().Result|});
                services.Add(ServiceDescriptor.Scoped<ISettings>(sp => new Settings({|BURST007:File.ReadAllText("scoped.json")|})));

                // Not factories: a type registration, an options callback, startup code.
                services.AddSingleton<ConnectionFactory>();
                services.Configure<HttpClientFactoryOptions>(options => options.HandlerLifetime = TimeSpan.FromMinutes(1));
                var text = File.ReadAllText("startup.json");
            }
        }
        """);

    [Fact]
    public Task FactoriesReachingBlockingThroughOtherMethods() => CSharpAnalyzerVerifier<CallChainAnalyzer>.VerifyAnalyzerAsync(Services + """
        public static class Registration
        {
            public static void Add(IServiceCollection services)
            {
                services.AddScoped(sp => {|BURST007:sp.GetRequiredService<ConnectionFactory>().Open()|});
                services.AddTransient(sp => {|BURST007:Load()|});
                services.AddSingleton<ConnectionFactory>();
                var fine = new ConnectionFactory().Open();
            }

            private static Connection Load() => new ConnectionFactory().ConnectAsync().Result;
        }
        """);

    private const string TwoFactories = Services + """
        public static class Registration
        {
            public static void Add(IServiceCollection services)
            {
                services.AddScoped<Connection>(sp => {|#0:new ConnectionFactory().ConnectAsync().Result|});
                services.AddTransient(sp => {|#1:new ConnectionFactory().Open()|});
            }
        }
        """;

    [Fact]
    public Task TheDirectMessageNamesTheFactoryAndARemedyAFactoryCanFollow() => CSharpAnalyzerVerifier<BlockingCallAnalyzer>.VerifyAnalyzerAsync(
        TwoFactories.Replace("{|#1:new ConnectionFactory().Open()|}", "new ConnectionFactory().Open()"),
        CSharpAnalyzerVerifier<BlockingCallAnalyzer>.Diagnostic("BURST007").WithLocation(0).WithMessage(
            "'Task.Result' blocks in the AddScoped factory of 'Connection', which runs on the request thread that resolves the service; "
                + "a factory cannot await: create the value at startup, or give the service an async method that a handler awaits"));

    [Fact]
    public Task TheChainMessageNamesTheWholeChain() => CSharpAnalyzerVerifier<CallChainAnalyzer>.VerifyAnalyzerAsync(
        TwoFactories.Replace("{|#0:new ConnectionFactory().ConnectAsync().Result|}", "new ConnectionFactory().ConnectAsync().Result"),
        CSharpAnalyzerVerifier<CallChainAnalyzer>.Diagnostic("BURST007").WithLocation(1).WithOptions(Microsoft.CodeAnalysis.Testing.DiagnosticOptions.IgnoreAdditionalLocations).WithMessage(
            "'AddTransient factory → ConnectionFactory.Open → Task.Result' blocks in the AddTransient factory of 'Connection', which runs on the request thread that resolves the service; "
                + "a factory cannot await: create the value at startup, or give the service an async method that a handler awaits"));
}
