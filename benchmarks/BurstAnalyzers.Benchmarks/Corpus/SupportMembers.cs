using System;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Private static members a generated class declares so that its blocking statements compile: a semaphore, a shared
/// HttpClient, small async methods to block on, a data-file path. Declared only where used, as in real code.
/// </summary>
[Flags]
internal enum SupportMembers
{
    None = 0,
    Gate = 1,
    Http = 2,
    LookupCount = 4,
    WarmUp = 8,
    DataPath = 16,
}

internal static class SupportMemberWriter
{
    public static SupportMembers For(BlockingKind kind) => kind switch
    {
        BlockingKind.TaskResult or BlockingKind.GetAwaiterGetResult => SupportMembers.LookupCount,
        BlockingKind.TaskWait => SupportMembers.WarmUp,
        BlockingKind.FileReadAllText or BlockingKind.StreamRead => SupportMembers.DataPath,
        BlockingKind.SemaphoreWait => SupportMembers.Gate,
        BlockingKind.HttpClientResult => SupportMembers.Http,
        _ => SupportMembers.None,
    };

    /// <summary>Writes the fields first, then a blank line; the methods are written by <see cref="WriteMethods"/>.</summary>
    public static void WriteFields(SourceWriter w, SupportMembers members)
    {
        if (members.HasFlag(SupportMembers.Gate))
        {
            w.Line("private static readonly SemaphoreSlim Gate = new SemaphoreSlim(1, 1);");
            w.Line("private static int _lastSeen;");
        }

        if (members.HasFlag(SupportMembers.Http))
        {
            w.Line("private static readonly HttpClient Http = new HttpClient();");
        }

        if ((members & (SupportMembers.Gate | SupportMembers.Http)) != 0)
        {
            w.Line();
        }
    }

    public static void WriteMethods(SourceWriter w, SupportMembers members, string fileStem)
    {
        if (members.HasFlag(SupportMembers.LookupCount))
        {
            w.Line();
            w.Open("private static async Task<int> LookupCountAsync(int key)");
            w.Line("await Task.Delay(1).ConfigureAwait(false);");
            w.Line("return key % 17;");
            w.Close();
        }

        if (members.HasFlag(SupportMembers.WarmUp))
        {
            w.Line();
            w.Line("private static Task WarmUpAsync(int key) => Task.Delay(key % 3 + 1);");
        }

        if (members.HasFlag(SupportMembers.DataPath))
        {
            w.Line();
            w.Line("private static string DataPath(int key) =>");
            w.Line("    Path.Combine(AppContext.BaseDirectory, \"data\", \"" + fileStem + "-\" + key.ToString(CultureInfo.InvariantCulture) + \".txt\");");
        }
    }
}
