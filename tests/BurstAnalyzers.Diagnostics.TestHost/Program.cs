using System;
using System.Linq;
using System.Text.Json;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;

namespace BurstAnalyzers.Diagnostics.TestHost;

/// <summary>
/// Child-process mode: <c>--capture Off|DuringStarvation|Always</c>. Prints <see cref="ListeningPrefix"/> and the address,
/// then each detector log entry as <see cref="LogPrefix"/> and JSON; stops when its standard input closes.
/// </summary>
public static class Program
{
    public const string ListeningPrefix = "LISTENING ";
    public const string LogPrefix = "LOG ";

    public static async Task Main(string[] args)
    {
        int at = Array.IndexOf(args, "--capture");
        CallSiteCapture capture = at >= 0 ? Enum.Parse<CallSiteCapture>(args[at + 1]) : CallSiteCapture.DuringStarvation;
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

        WebApplication app = DetectorApp.Build(logs, o => o.CallSiteCapture = capture);
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
