using System;
using System.ComponentModel;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Microsoft.Diagnostics.NETCore.Client;

namespace BurstAnalyzers.Attach.Target;

/// <summary>
/// The process to attach to, found by id or by name, and checked to be one the diagnostics IPC can reach: a .NET
/// (Core) 3.0+ process with diagnostics enabled publishes an endpoint; .NET Framework, native processes and processes
/// started with DOTNET_EnableDiagnostics=0 do not.
/// </summary>
internal sealed record TargetProcess(int Id, string Name)
{
    public static TargetProcess Find(string idOrName)
    {
        if (int.TryParse(idOrName, out int id))
        {
            return ById(id);
        }

        int[] published = Published();
        var candidates = published
            .Select(pid => (Id: pid, Name: NameOf(pid)))
            .Where(p => string.Equals(p.Name, idOrName, StringComparison.OrdinalIgnoreCase)
                || string.Equals(Path.GetFileNameWithoutExtension(CommandLineAssembly(p.Id) ?? ""), idOrName, StringComparison.OrdinalIgnoreCase))
            .ToArray();
        return candidates.Length switch
        {
            1 => new TargetProcess(candidates[0].Id, candidates[0].Name),
            0 => throw new AttachFailure(
                $"No .NET process named '{idOrName}' can be attached to. Processes that can: "
                + (published.Length == 0 ? "none." : string.Join(", ", published.Select(p => $"{p} ({NameOf(p)})")) + ".")
                + " Give a process id to be told why a particular process cannot."),
            _ => throw new AttachFailure(
                $"{candidates.Length} .NET processes are named '{idOrName}': {string.Join(", ", candidates.Select(c => c.Id))}. Give the process id."),
        };
    }

    private static TargetProcess ById(int id)
    {
        string name;
        try
        {
            using var process = Process.GetProcessById(id);
            name = process.ProcessName;
        }
        catch (ArgumentException)
        {
            throw new AttachFailure($"There is no process {id}.");
        }

        if (ThreadGroupOf(id) is { } owner && owner != id)
        {
            throw new AttachFailure($"{id} is a thread of process {owner} ({NameOf(owner)}), not a process: give that process's id.");
        }

        if (!Published().Contains(id))
        {
            throw new AttachFailure(
                $"Process {id} ({name}) has no .NET diagnostics endpoint, so it cannot be attached to. It is not a .NET (Core) "
                + "process — a native process, or .NET Framework, which has no diagnostics IPC — or it runs with "
                + "DOTNET_EnableDiagnostics=0, or in another container or temporary directory (TMPDIR) than this tool.");
        }

        return new TargetProcess(id, name);
    }

    /// <summary>
    /// The processes with a diagnostics endpoint. The client lists the endpoints' socket files, and a process that was
    /// killed leaves its file behind; on Linux its number may since belong to a thread of another process, whose
    /// /proc entry answers for it (the same name and command line). Only a number that is a live process's own counts.
    /// </summary>
    internal static int[] Published()
        => DiagnosticsClient.GetPublishedProcesses().Where(IsProcess).Distinct().ToArray();

    /// <summary>Whether <paramref name="id"/> is a live process, not a thread (Linux: its thread group is itself).</summary>
    internal static bool IsProcess(int id)
    {
        if (ThreadGroupOf(id) is { } group)
        {
            return group == id;
        }

        try
        {
            using var process = Process.GetProcessById(id);
            return true;
        }
        catch (ArgumentException)
        {
            return false;
        }
        catch (Exception e) when (e is InvalidOperationException or Win32Exception)
        {
            // Not ours to inspect: the endpoint is tried as before.
            return true;
        }
    }

    /// <summary>The process a Linux task belongs to (its own id for a process, the owner's for a thread); null where
    /// that cannot be read (another system, an exited task).</summary>
    private static int? ThreadGroupOf(int id)
    {
        if (!OperatingSystem.IsLinux())
        {
            return null;
        }

        try
        {
            string status = $"/proc/{id}/status";
            if (!File.Exists(status))
            {
                return null;
            }

            foreach (string line in File.ReadLines(status))
            {
                if (line.StartsWith("Tgid:", StringComparison.Ordinal))
                {
                    return int.TryParse(line.AsSpan(5).Trim(), out int group) ? group : null;
                }
            }

            return null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    /// <summary>The assembly a "dotnet app.dll" process runs, from its command line (Linux); null elsewhere.</summary>
    public static string? CommandLineAssembly(int id)
    {
        try
        {
            string path = $"/proc/{id}/cmdline";
            if (!File.Exists(path))
            {
                return null;
            }

            return File.ReadAllText(path).Split('\0').FirstOrDefault(a => a.EndsWith(".dll", StringComparison.OrdinalIgnoreCase));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    private static string NameOf(int id)
    {
        try
        {
            using var process = Process.GetProcessById(id);
            return process.ProcessName;
        }
        catch (Exception e) when (e is ArgumentException or InvalidOperationException or Win32Exception)
        {
            return "?";
        }
    }
}
