using System.Net;
using System.Net.Sockets;

namespace BurstDemo.Server;

/// <summary>A port on 127.0.0.1 that nothing listens on right now (the system picks it).</summary>
internal static class FreePort
{
    public static int Pick()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        try
        {
            return ((IPEndPoint)listener.LocalEndpoint).Port;
        }
        finally
        {
            listener.Stop();
        }
    }
}
