namespace BlockingApi.Startup;

// Startup code runs once, before any request: blocking here does not starve request threads, so it is not reported.
public static class CacheWarmup
{
    public static void Run() => Thread.Sleep(10);
}
