namespace BurstDemo.Burst;

/// <summary>Clients that each GET one URI over a connection of their own (see <see cref="OneConnectionClient"/>).</summary>
internal sealed class HttpGetClients(Uri uri, TimeSpan requestTimeout) : BurstClients
{
    public override IBurstClient Open() => new Client(uri, new OneConnectionClient(requestTimeout));

    private sealed class Client(Uri uri, OneConnectionClient client) : IBurstClient
    {
        public RequestRecord Send() => client.Get(uri);

        public void Dispose() => client.Dispose();
    }
}
