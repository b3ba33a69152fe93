using System;
using System.Diagnostics;
using System.Linq;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;

namespace BurstAnalyzers.Tests.Shared;

/// <summary>
/// Sends N GET requests at the same moment, each from a dedicated thread over a blocking socket of its own. Nothing
/// here touches this process's thread pool (HttpClient sets up connections on it), so the figures measure the server
/// alone, whatever earlier tests left in this process.
/// </summary>
internal static class SimultaneousRequests
{
    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(90);

    public static BurstResult Send(Uri uri, int count)
    {
        var outcomes = new RequestOutcome[count];
        using var ready = new CountdownEvent(count);
        using var go = new ManualResetEventSlim();

        Thread[] threads = Enumerable.Range(0, count).Select(i => new Thread(() =>
        {
            ready.Signal();
            go.Wait();
            outcomes[i] = Get(uri);
        })
        { IsBackground = true, Name = $"burst client {i}" }).ToArray();

        foreach (Thread thread in threads)
        {
            thread.Start();
        }

        ready.Wait();
        long startedAt = Stopwatch.GetTimestamp();
        go.Set();
        foreach (Thread thread in threads)
        {
            thread.Join();
        }

        return new BurstResult(outcomes, startedAt, Stopwatch.GetElapsedTime(startedAt, outcomes.Max(o => o.CompletedAt)));
    }

    // HTTP/1.1 with "Connection: close": the whole response is what arrives until the server closes the connection.
    private static RequestOutcome Get(Uri uri)
    {
        try
        {
            using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp)
            {
                NoDelay = true,
                ReceiveTimeout = (int)s_timeout.TotalMilliseconds,
                SendTimeout = (int)s_timeout.TotalMilliseconds,
            };
            socket.Connect(IPAddress.Parse(uri.Host), uri.Port);
            socket.Send(Encoding.ASCII.GetBytes($"GET {uri.PathAndQuery} HTTP/1.1\r\nHost: {uri.Authority}\r\nConnection: close\r\n\r\n"));

            var response = new StringBuilder();
            var buffer = new byte[4096];
            int received;
            while ((received = socket.Receive(buffer)) > 0)
            {
                response.Append(Encoding.UTF8.GetString(buffer, 0, received));
            }

            return RequestOutcome.Parse(response.ToString(), Stopwatch.GetTimestamp());
        }
        catch (SocketException exception)
        {
            return new RequestOutcome(null, exception.Message, Stopwatch.GetTimestamp());
        }
    }
}

/// <summary>One request: status (null when it failed), body (or error), completion time.</summary>
internal sealed record RequestOutcome(int? Status, string Body, long CompletedAt)
{
    // "HTTP/1.1 200 OK\r\n...headers...\r\n\r\nbody"; a chunked body keeps its chunk framing, which is fine for the
    // "contains" checks the tests make.
    public static RequestOutcome Parse(string response, long completedAt)
    {
        string[] statusLine = response.Split("\r\n", 2)[0].Split(' ');
        int headersEnd = response.IndexOf("\r\n\r\n", StringComparison.Ordinal);
        return statusLine.Length >= 2 && int.TryParse(statusLine[1], out int status) && headersEnd >= 0
            ? new RequestOutcome(status, response[(headersEnd + 4)..], completedAt)
            : new RequestOutcome(null, response, completedAt);
    }
}

/// <summary>All requests of a burst, when they were released, and the time from then to the last response.</summary>
internal sealed record BurstResult(RequestOutcome[] Outcomes, long StartedAt, TimeSpan Elapsed)
{
    public TimeSpan[] Latencies => Outcomes.Select(o => Stopwatch.GetElapsedTime(StartedAt, o.CompletedAt)).Order().ToArray();
}
