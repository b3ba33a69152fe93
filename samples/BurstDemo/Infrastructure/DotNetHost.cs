using System.Collections;
using System.Diagnostics;

namespace BurstDemo.Infrastructure;

/// <summary>
/// The dotnet executable the demo itself runs on (so builds and servers use the same SDK and runtime), and the
/// environment a child process gets: the demo may run inside `dotnet test` or `dotnet run`, whose MSBuild and test
/// host variables must not leak into the variants' builds.
/// </summary>
internal static class DotNetHost
{
    public static string Path { get; } = Locate();

    public static ProcessStartInfo StartInfo(string workingDirectory, IEnumerable<string> arguments)
    {
        var start = new ProcessStartInfo(Path)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        foreach (DictionaryEntry variable in Environment.GetEnvironmentVariables())
        {
            var name = (string)variable.Key;
            if (name.StartsWith("MSBUILD", StringComparison.OrdinalIgnoreCase)
                || name.StartsWith("VSTEST", StringComparison.OrdinalIgnoreCase)
                || name.StartsWith("TESTINGPLATFORM", StringComparison.OrdinalIgnoreCase))
            {
                start.Environment.Remove(name);
            }
        }

        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        start.Environment["DOTNET_SKIP_FIRST_TIME_EXPERIENCE"] = "1";
        // No build server outlives a variant build: it would hold the copy's files and a CPU core during the bursts.
        start.Environment["MSBUILDDISABLENODEREUSE"] = "1";
        start.Environment["DOTNET_CLI_USE_MSBUILD_SERVER"] = "0";
        return start;
    }

    private static string Locate()
    {
        var fromSdk = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH");
        if (!string.IsNullOrEmpty(fromSdk) && File.Exists(fromSdk))
        {
            return fromSdk;
        }

        // `dotnet BurstDemo.dll` runs in the dotnet host itself; the apphost (bin/.../BurstDemo) does not.
        var self = Environment.ProcessPath;
        if (self is not null && System.IO.Path.GetFileNameWithoutExtension(self).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
        {
            return self;
        }

        return "dotnet";
    }
}
