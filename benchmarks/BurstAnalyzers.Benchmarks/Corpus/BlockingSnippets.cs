namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Renders one planted blocking call as statements inside a method or lambda body. <c>p</c> is an int expression in
/// scope, <c>n</c> makes local names unique within the body. The class must declare <see cref="SupportMemberWriter"/>'s
/// members for the kind. Inside a controller, <c>File</c> is ControllerBase.File, so controllers pass
/// <c>System.IO.File</c> as <paramref name="fileClass"/>, as their authors have to.
/// </summary>
internal static class BlockingSnippets
{
    public static void Write(SourceWriter w, BlockingKind kind, string p, int n, string fileClass = "File")
    {
        switch (kind)
        {
            case BlockingKind.ThreadSleep:
                w.Line(n % 2 == 0 ? "Thread.Sleep(25);" : "Thread.Sleep(TimeSpan.FromMilliseconds(40));");
                break;
            case BlockingKind.TaskResult:
                w.Line($"var count{n} = LookupCountAsync({p}).Result;");
                break;
            case BlockingKind.TaskWait:
                w.Line($"var warmUp{n} = WarmUpAsync({p});");
                w.Line($"warmUp{n}.Wait();");
                break;
            case BlockingKind.GetAwaiterGetResult:
                w.Line($"var count{n} = LookupCountAsync({p}).GetAwaiter().GetResult();");
                break;
            case BlockingKind.FileReadAllText:
                w.Line($"var text{n} = {fileClass}.ReadAllText(DataPath({p}));");
                break;
            case BlockingKind.StreamRead:
                w.Open($"using (var stream{n} = {fileClass}.OpenRead(DataPath({p})))");
                w.Line($"var buffer{n} = new byte[4096];");
                w.Line($"var read{n} = stream{n}.Read(buffer{n}, 0, buffer{n}.Length);");
                w.Close();
                break;
            case BlockingKind.SemaphoreWait:
                w.Line("Gate.Wait();");
                w.Open("try");
                w.Line($"_lastSeen = {p};");
                w.Close();
                w.Open("finally");
                w.Line("Gate.Release();");
                w.Close();
                break;
            case BlockingKind.HttpClientResult:
                w.Line($"var response{n} = Http.GetAsync(\"https://inventory.contoso.internal/api/stock/\" + {p}).Result;");
                w.Line($"var inStock{n} = response{n}.IsSuccessStatusCode;");
                break;
        }
    }
}
