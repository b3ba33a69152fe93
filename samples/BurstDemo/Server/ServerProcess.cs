using System.Diagnostics;
using BurstDemo.Infrastructure;

namespace BurstDemo.Server;

/// <summary>
/// One variant's server (samples/BlockingApi, built) as its own process on 127.0.0.1, with the default thread pool and
/// its pool sampler on. Disposing it kills the process tree.
/// </summary>
internal sealed class ServerProcess : IDisposable
{
    private const int PortAttempts = 3;
    private readonly Process _process;
    private readonly PoolSampleReader _errors;

    private ServerProcess(Process process, Uri baseAddress)
    {
        _process = process;
        BaseAddress = baseAddress;
        Pool = new PoolSampleReader(process.StandardOutput, "server stdout reader");
        _errors = new PoolSampleReader(process.StandardError, "server stderr reader"); // keeps the last lines only
    }

    public Uri BaseAddress { get; }

    public PoolSampleReader Pool { get; }

    /// <summary>
    /// Starts the server on a free port and waits until /ping answers. A port taken between picking and binding (another
    /// process was quicker) means another try on another port; anything else that stops the server is a failure.
    /// </summary>
    public static ServerProcess Start(string serverAssembly, IReadOnlyDictionary<string, string> environment, TimeSpan startTimeout)
    {
        for (var attempt = 1; ; attempt++)
        {
            var server = Launch(serverAssembly, FreePort.Pick(), environment);
            try
            {
                server.WaitUntilReady(startTimeout);
                return server;
            }
            catch (PortTakenException)
            {
                server.Dispose();
                if (attempt == PortAttempts)
                {
                    throw new DemoFailure($"The server could not bind a port on 127.0.0.1: {PortAttempts} free ports in a row were taken by another process before it started.");
                }
            }
            catch
            {
                server.Dispose();
                throw;
            }
        }
    }

    public void Dispose()
    {
        try
        {
            if (!_process.HasExited)
            {
                _process.Kill(entireProcessTree: true);
            }

            _process.WaitForExit(TimeSpan.FromSeconds(10));
        }
        catch (InvalidOperationException)
        {
            // Already gone.
        }

        Pool.WaitForEnd(TimeSpan.FromSeconds(2));
        _process.Dispose();
    }

    private static ServerProcess Launch(string serverAssembly, int port, IReadOnlyDictionary<string, string> environment)
    {
        var url = $"http://127.0.0.1:{port}";
        // --SelfUrl: /io calls the server's own /slow through the "self" HttpClient.
        var start = DotNetHost.StartInfo(Path.GetDirectoryName(serverAssembly)!, new[] { serverAssembly, "--urls", url, "--SelfUrl", url });
        foreach (var name in start.Environment.Keys.ToList())
        {
            // The default thread pool, whatever the demo's own environment says; only the variant changes it.
            if (name.StartsWith("DOTNET_ThreadPool", StringComparison.OrdinalIgnoreCase)
                || name.StartsWith("COMPlus_ThreadPool", StringComparison.OrdinalIgnoreCase)
                || name.StartsWith("BURST_", StringComparison.Ordinal)
                || name is "ASPNETCORE_URLS" or "DOTNET_URLS" or "ASPNETCORE_HTTP_PORTS" or "ASPNETCORE_HTTPS_PORTS")
            {
                start.Environment.Remove(name);
            }
        }

        start.Environment["BURST_SAMPLE_THREADS"] = "1";
        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        var process = new Process { StartInfo = start };
        if (!process.Start())
        {
            throw new DemoFailure($"Could not start dotnet {serverAssembly}.");
        }

        process.StandardInput.Close();
        return new ServerProcess(process, new Uri(url));
    }

    private void WaitUntilReady(TimeSpan timeout)
    {
        using var client = new HttpClient(new SocketsHttpHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(2) };
        var deadline = Stopwatch.StartNew();
        var ping = new Uri(BaseAddress, "/ping");
        while (deadline.Elapsed < timeout)
        {
            if (_process.HasExited)
            {
                Pool.WaitForEnd(TimeSpan.FromSeconds(2));
                _errors.WaitForEnd(TimeSpan.FromSeconds(2));
                var output = (_errors.OtherLines + "\n" + Pool.OtherLines).Trim();
                if (output.Contains("address already in use", StringComparison.OrdinalIgnoreCase))
                {
                    throw new PortTakenException();
                }

                throw new DemoFailure($"The server exited with code {_process.ExitCode} before answering {ping}:\n{output}");
            }

            try
            {
                using var response = client.Send(new HttpRequestMessage(HttpMethod.Get, ping));
                if (response.IsSuccessStatusCode)
                {
                    return;
                }
            }
            catch (Exception e) when (e is HttpRequestException or TaskCanceledException)
            {
                // Not listening yet.
            }

            Thread.Sleep(100);
        }

        throw new DemoFailure($"The server did not answer {ping} within {timeout.TotalSeconds:0} s.\n{_errors.OtherLines}");
    }

    private sealed class PortTakenException() : Exception("The port was taken before the server could bind it.");
}
