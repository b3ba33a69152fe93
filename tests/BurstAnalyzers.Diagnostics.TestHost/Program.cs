using System;
using System.Linq;
using System.Text.Json;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;

namespace BurstAnalyzers.Diagnostics.TestHost;

/// <summary>
/// Child-process mode, started with the arguments of a <see cref="ChildOptions"/>. Prints <see cref="ListeningPrefix"/>
/// and the address, then each detector log entry as <see cref="LogPrefix"/> and JSON; stops when its standard input
/// closes.
/// </summary>
public static class Program
{
    public const string ListeningPrefix = "LISTENING ";
    public const string LogPrefix = "LOG ";

    public static async Task Main(string[] args)
    {
        ChildOptions options = ChildOptions.Parse(args);
        var logs = new LogRecorder();
        var output = new object();
        logs.Written = entry =>
        {
            lock (output)
            {
                Console.Out.WriteLine(LogPrefix + JsonSerializer.Serialize(entry));
                Console.Out.Flush();
            }
        };

        WebApplication app = DetectorApp.Build(logs, o =>
        {
            o.CallSiteCapture = options.Capture;
            o.RuntimeEvents = options.RuntimeEvents;
        });
        if (options.MissingRuntimeSource is not null)
        {
            BlockingDetector detector = app.Services.GetRequiredService<BlockingDetector>();
            detector.RuntimeSourceName = options.MissingRuntimeSource;
            detector.EventsDeadline = ChildOptions.MissingSourceDeadline;
        }

        await app.StartAsync();
        lock (output)
        {
            Console.Out.WriteLine(ListeningPrefix + app.Urls.Single());
            Console.Out.Flush();
        }

        await Task.Run(() => Console.In.ReadToEnd());
        await app.StopAsync();
    }
}
