namespace BurstAnalyzers.Tests.Handlers;

/// <summary>
/// Shared by the handler tests' silence audits (docs/handlers.md, "Test coverage per entry point"): a helper that blocks
/// in each of BURST001–004, for each entry point's look-alikes to call directly and through a chain. Appended to a test
/// source that imports System.IO, System.Threading and System.Threading.Tasks.
/// </summary>
internal static class SilenceAudit
{
    public const string Work = """


        public static class Work
        {
            public static readonly SemaphoreSlim Gate = new(1);

            public static Task<int> CountAsync() => Task.FromResult(1);

            public static void Block()
            {
                Thread.Sleep(1);
                _ = CountAsync().Result;
                _ = File.ReadAllText("work.txt");
                Gate.Wait();
            }
        }
        """;
}
