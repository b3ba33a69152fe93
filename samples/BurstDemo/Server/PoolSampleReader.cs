using System.Globalization;
using System.Text.RegularExpressions;
using BurstDemo.Infrastructure;

namespace BurstDemo.Server;

/// <summary>One "[pool]" line of the server: its thread-pool thread count, stamped with the demo's clock on arrival.</summary>
internal sealed record PoolSample(double AtMs, int Threads, long Pending);

/// <summary>
/// Reads the server's standard output on a dedicated thread: the "[pool] t=… threads=… pending=…" lines its sampler
/// prints every 100 ms (BURST_SAMPLE_THREADS=1), and the last other lines for error messages. A dedicated thread so
/// that reading never waits for this process's own thread pool, and stamps each line the moment it arrives.
/// </summary>
internal sealed partial class PoolSampleReader
{
    private const int KeptOtherLines = 40;
    private readonly List<PoolSample> _samples = new();
    private readonly Queue<string> _otherLines = new();
    private readonly Thread _thread;

    public PoolSampleReader(TextReader output, string name)
    {
        _thread = new Thread(() => Read(output)) { IsBackground = true, Name = name };
        _thread.Start();
    }

    public IReadOnlyList<PoolSample> Samples
    {
        get
        {
            lock (_samples)
            {
                return _samples.ToArray();
            }
        }
    }

    public string OtherLines
    {
        get
        {
            lock (_otherLines)
            {
                return string.Join('\n', _otherLines);
            }
        }
    }

    /// <summary>Waits (bounded) until the server's output is closed, so nothing it printed is missed.</summary>
    public void WaitForEnd(TimeSpan timeout) => _thread.Join(timeout);

    private void Read(TextReader output)
    {
        // Ends when the server exits and its stdout closes.
        while (output.ReadLine() is { } line)
        {
            var match = PoolLine().Match(line);
            if (match.Success)
            {
                var sample = new PoolSample(
                    MonotonicClock.NowMs,
                    int.Parse(match.Groups["threads"].Value, CultureInfo.InvariantCulture),
                    long.Parse(match.Groups["pending"].Value, CultureInfo.InvariantCulture));
                lock (_samples)
                {
                    _samples.Add(sample);
                }
            }
            else
            {
                lock (_otherLines)
                {
                    _otherLines.Enqueue(line);
                    if (_otherLines.Count > KeptOtherLines)
                    {
                        _otherLines.Dequeue();
                    }
                }
            }
        }
    }

    [GeneratedRegex(@"^\[pool\] t=(?<t>\d+) threads=(?<threads>\d+) pending=(?<pending>\d+)")]
    private static partial Regex PoolLine();
}
