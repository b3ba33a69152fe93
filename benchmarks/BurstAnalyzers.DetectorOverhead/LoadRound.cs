using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

namespace BurstAnalyzers.DetectorOverhead;

/// <summary>One round of closed-loop load: a fixed number of connections, each sending its next request when the last returned.</summary>
internal static class LoadRound
{
    public static async Task<RoundResult> RunAsync(ServerProcess server, int connections, TimeSpan warmup, TimeSpan duration)
    {
        using var handler = new SocketsHttpHandler { MaxConnectionsPerServer = connections, UseProxy = false };
        using var client = new HttpClient(handler) { BaseAddress = server.Address, Timeout = TimeSpan.FromSeconds(30) };
        var latencies = new List<double>[connections];
        int errors = 0;
        long measureFrom = Stopwatch.GetTimestamp() + (long)(warmup.TotalSeconds * Stopwatch.Frequency);
        long stopAt = measureFrom + (long)(duration.TotalSeconds * Stopwatch.Frequency);

        var workers = new Task[connections];
        for (int c = 0; c < connections; c++)
        {
            var mine = latencies[c] = new List<double>(1 << 16);
            string path = $"/quotes/SYM{c}";
            workers[c] = Task.Run(async () =>
            {
                while (true)
                {
                    long start = Stopwatch.GetTimestamp();
                    if (start >= stopAt)
                    {
                        return;
                    }

                    try
                    {
                        using HttpResponseMessage response = await client.GetAsync(path);
                        await response.Content.ReadAsByteArrayAsync();
                        if (!response.IsSuccessStatusCode)
                        {
                            Interlocked.Increment(ref errors);
                        }
                    }
                    catch (HttpRequestException)
                    {
                        Interlocked.Increment(ref errors);
                    }

                    if (start >= measureFrom)
                    {
                        mine.Add(Stopwatch.GetElapsedTime(start).TotalMilliseconds);
                    }
                }
            });
        }

        // The server's CPU time over the measured window, read by a timer of its own: per request, it is the cost the
        // detector adds, and far less disturbed than throughput by whatever else the machine runs.
        TimeSpan cpuAtStart = default, cpuAtEnd = default;
        Task cpu = Task.Run(async () =>
        {
            await Task.Delay(Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), measureFrom));
            cpuAtStart = server.CpuTime;
            await Task.Delay(duration);
            cpuAtEnd = server.CpuTime;
        });
        await Task.WhenAll(workers);
        await cpu;
        var all = new List<double>();
        foreach (List<double> list in latencies)
        {
            all.AddRange(list);
        }

        all.Sort();
        double throughput = all.Count / duration.TotalSeconds;
        double cpuMicrosecondsPerRequest = all.Count == 0 ? double.NaN : (cpuAtEnd - cpuAtStart).TotalMicroseconds / all.Count;
        return new RoundResult(throughput, Percentile(all, 0.50), Percentile(all, 0.99), errors, cpuMicrosecondsPerRequest);
    }

    private static double Percentile(List<double> sorted, double p) =>
        sorted.Count == 0 ? double.NaN : sorted[Math.Min(sorted.Count - 1, (int)Math.Ceiling(p * sorted.Count) - 1)];
}

/// <summary>Requests per second, median and 99th percentile latency in ms, failed requests, server CPU µs per request.</summary>
internal readonly record struct RoundResult(double Throughput, double P50, double P99, int Errors, double CpuPerRequest);
