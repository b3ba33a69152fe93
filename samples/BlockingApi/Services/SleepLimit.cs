namespace BlockingApi.Services;

// The longest operation delay the endpoints accept from the query string: without a cap, ?ms=2147483647 held a thread
// for 24 days, and 256 such requests every offload thread. 60 s is the burst demo's own maximum (--delay).
public static class SleepLimit
{
    public const int MaxMs = 60_000;

    public const string Message = "ms must be between 0 and 60000.";

    public static bool Allows(int ms) => ms is >= 0 and <= MaxMs;
}
