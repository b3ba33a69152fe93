using System;
using System.Linq;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;

namespace BurstAnalyzers.Offload.SoapCore.TestHost;

/// <summary>
/// Child-process mode: a fresh process has a fresh thread pool, which the burst test needs for a fair "without
/// offloading" figure. Prints the service's address, then serves until its standard input closes.
/// </summary>
public static class Program
{
    public const string ListeningPrefix = "soap-testhost listening on ";

    public static void Main(string[] args)
    {
        // Everything here runs on the main thread, synchronously: waiting on a pool thread would take one of the few
        // pool threads away from the calls being measured.
        WebApplication app = SoapTestApp.Create(args);
        app.StartAsync().GetAwaiter().GetResult();
        Console.Out.WriteLine(ListeningPrefix + ServiceAddress(app));
        Console.Out.Flush();

        Console.In.ReadToEnd();

        app.StopAsync().GetAwaiter().GetResult();
        app.DisposeAsync().AsTask().GetAwaiter().GetResult();
    }

    /// <summary>The service's address once the app listens (port 0 became a real port).</summary>
    public static Uri ServiceAddress(WebApplication app)
    {
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        return new Uri(new Uri(address), SoapTestApp.Path);
    }
}
