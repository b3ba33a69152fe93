using System;
using System.Net.WebSockets;
using System.Text;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;

namespace BurstAnalyzers.Offload.Tests.Infrastructure;

/// <summary>
/// A minimal SignalR client speaking the JSON hub protocol over a WebSocket (the client package is not needed for one
/// invocation at a time): handshake, invocation, completion.
/// </summary>
internal sealed class RawHubConnection : IAsyncDisposable
{
    private const char RecordSeparator = '\u001e';
    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(30);

    private readonly ClientWebSocket _socket = new();
    private readonly StringBuilder _pending = new();
    private int _invocationId;

    public static async Task<RawHubConnection> ConnectAsync(Uri baseAddress, string path)
    {
        var connection = new RawHubConnection();
        var uri = new UriBuilder(baseAddress) { Scheme = "ws", Path = path }.Uri;
        using var cts = new CancellationTokenSource(s_timeout);
        await connection._socket.ConnectAsync(uri, cts.Token);
        await connection.SendAsync("""{"protocol":"json","version":1}""");
        using JsonDocument handshake = await connection.ReceiveAsync();
        if (handshake.RootElement.TryGetProperty("error", out JsonElement error))
        {
            throw new InvalidOperationException($"Hub handshake failed: {error}");
        }

        return connection;
    }

    /// <summary>Invokes a hub method and returns its result, or throws with the error the hub reported.</summary>
    public async Task<T> InvokeAsync<T>(string target, params object[] arguments)
    {
        string id = (++_invocationId).ToString(System.Globalization.CultureInfo.InvariantCulture);
        await SendAsync(JsonSerializer.Serialize(new { type = 1, invocationId = id, target, arguments }));
        while (true)
        {
            using JsonDocument message = await ReceiveAsync();
            JsonElement root = message.RootElement;
            bool isCompletion = root.GetProperty("type").GetInt32() == 3
                && root.TryGetProperty("invocationId", out JsonElement invocationId)
                && invocationId.GetString() == id;
            if (!isCompletion)
            {
                continue; // pings and other messages
            }

            if (root.TryGetProperty("error", out JsonElement error))
            {
                throw new InvalidOperationException($"Hub method {target} failed: {error}");
            }

            return root.GetProperty("result").Deserialize<T>(JsonSerializerOptions.Web)!;
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (_socket.State == WebSocketState.Open)
        {
            using var cts = new CancellationTokenSource(s_timeout);
            await _socket.CloseAsync(WebSocketCloseStatus.NormalClosure, null, cts.Token);
        }

        _socket.Dispose();
    }

    private async Task SendAsync(string json)
    {
        using var cts = new CancellationTokenSource(s_timeout);
        await _socket.SendAsync(Encoding.UTF8.GetBytes(json + RecordSeparator), WebSocketMessageType.Text, true, cts.Token);
    }

    private async Task<JsonDocument> ReceiveAsync()
    {
        using var cts = new CancellationTokenSource(s_timeout);
        var buffer = new byte[4096];
        while (true)
        {
            string pending = _pending.ToString();
            int end = pending.IndexOf(RecordSeparator, StringComparison.Ordinal);
            if (end >= 0)
            {
                _pending.Remove(0, end + 1);
                return JsonDocument.Parse(pending[..end]);
            }

            WebSocketReceiveResult received = await _socket.ReceiveAsync(buffer, cts.Token);
            if (received.MessageType == WebSocketMessageType.Close)
            {
                throw new InvalidOperationException("The hub closed the connection.");
            }

            _pending.Append(Encoding.UTF8.GetString(buffer, 0, received.Count));
        }
    }
}
