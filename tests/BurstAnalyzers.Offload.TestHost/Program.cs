using System;
using Microsoft.AspNetCore.Builder;

namespace BurstAnalyzers.Offload.TestHost;

/// <summary>
/// Child-process mode: a fresh process has a fresh thread pool, which the burst tests need for a fair "without
/// offloading" figure. Prints the address it listens on, then serves until its standard input closes.
/// </summary>
public static class Program
{
    public const string ListeningPrefix = "burst-testhost listening on ";

    public static void Main(string[] args)
    {
        // Everything here runs on the main thread, synchronously: waiting on a thread-pool thread would take one of the
        // few pool threads away from the requests being measured.
        WebApplication app = TestApp.Create(args);
        app.StartAsync().GetAwaiter().GetResult();
        Console.Out.WriteLine(ListeningPrefix + string.Join(' ', app.Urls));
        Console.Out.Flush();

        Console.In.ReadToEnd();

        app.StopAsync().GetAwaiter().GetResult();
        app.DisposeAsync().AsTask().GetAwaiter().GetResult();
    }
}
