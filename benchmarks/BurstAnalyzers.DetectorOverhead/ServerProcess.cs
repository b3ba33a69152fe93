using System;
using System.Diagnostics;
using System.IO;
using System.Threading.Tasks;

namespace BurstAnalyzers.DetectorOverhead;

/// <summary>This program started again as the server for one variant; disposed, it closes the server's input and waits.</summary>
internal sealed class ServerProcess : IDisposable
{
    private readonly Process _process;

    private ServerProcess(Process process, Uri address)
    {
        _process = process;
        Address = address;
    }

    public Uri Address { get; }

    public int Id => _process.Id;

    /// <summary>CPU time the server process has used so far (all its threads, user and kernel).</summary>
    public TimeSpan CpuTime
    {
        get
        {
            _process.Refresh();
            return _process.TotalProcessorTime;
        }
    }

    public static ServerProcess Start(Variant variant)
    {
        string self = Environment.ProcessPath ?? throw new InvalidOperationException("No process path.");
        var info = new ProcessStartInfo(self)
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };
        if (Path.GetFileNameWithoutExtension(self) == "dotnet")
        {
            info.ArgumentList.Add(typeof(ServerProcess).Assembly.Location);
        }

        info.ArgumentList.Add("serve");
        info.ArgumentList.Add(variant.ToString());
        Process process = Process.Start(info) ?? throw new InvalidOperationException("The server did not start.");
        Task<string?> line = Task.Run(async () =>
        {
            string? text;
            while ((text = await process.StandardOutput.ReadLineAsync()) is not null)
            {
                if (text.StartsWith(Server.ListeningPrefix, StringComparison.Ordinal))
                {
                    return text[Server.ListeningPrefix.Length..];
                }
            }

            return null;
        });
        if (!line.Wait(TimeSpan.FromSeconds(60)) || line.Result is null)
        {
            process.Kill(entireProcessTree: true);
            throw new InvalidOperationException($"The {variant} server did not report its address within 60 s.");
        }

        // Keep draining its output so it never blocks on a full pipe, and show it: a warning from the detector under
        // this load (no endpoint blocks) would be a false report.
        _ = Task.Run(async () =>
        {
            string? text;
            while ((text = await process.StandardOutput.ReadLineAsync()) is not null)
            {
                Console.WriteLine($"    [{variant} server] {text}");
            }
        });
        return new ServerProcess(process, new Uri(line.Result));
    }

    public void Dispose()
    {
        try
        {
            _process.StandardInput.Close();
            if (!_process.WaitForExit(TimeSpan.FromSeconds(15)))
            {
                _process.Kill(entireProcessTree: true);
            }
        }
        finally
        {
            _process.Dispose();
        }
    }
}
