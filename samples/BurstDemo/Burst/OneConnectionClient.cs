using BurstDemo.Infrastructure;

namespace BurstDemo.Burst;

/// <summary>
/// An HttpClient with its own handler and at most one connection, used synchronously (HttpClient.Send): like one of
/// the reports' 100 client threads or one of `ab -c 100`'s connections. The synchronous path of SocketsHttpHandler
/// needs no thread-pool thread, so the client side cannot starve and distort what is measured on the server.
/// </summary>
internal sealed class OneConnectionClient(TimeSpan timeout) : IDisposable
{
    private readonly HttpClient _client = new(new SocketsHttpHandler
    {
        MaxConnectionsPerServer = 1,
        UseProxy = false,
        ConnectTimeout = TimeSpan.FromSeconds(30),
    })
    {
        Timeout = timeout,
    };

    public RequestRecord Get(Uri uri)
    {
        var start = MonotonicClock.NowMs;
        try
        {
            using var response = _client.Send(new HttpRequestMessage(HttpMethod.Get, uri) { Version = new Version(1, 1) });
            using var body = response.Content.ReadAsStream();
            body.CopyTo(Stream.Null);
            return new RequestRecord(start, MonotonicClock.NowMs - start, (int)response.StatusCode, null);
        }
        catch (Exception e) when (e is HttpRequestException or TaskCanceledException or IOException or OperationCanceledException)
        {
            return new RequestRecord(start, MonotonicClock.NowMs - start, 0, $"{e.GetType().Name}: {e.Message}");
        }
    }

    public void Dispose() => _client.Dispose();
}
