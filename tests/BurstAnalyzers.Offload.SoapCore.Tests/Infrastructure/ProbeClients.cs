using System;
using System.Collections.Generic;
using System.ServiceModel;
using System.Threading.Tasks;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;

/// <summary>
/// The WCF client for .NET: one ChannelFactory over BasicHttpBinding, one channel per simulated client, each opened
/// before use. Disposing closes every channel and the factory.
/// </summary>
internal sealed class ProbeClients : IDisposable
{
    private readonly ChannelFactory<IProbeClient> _factory;
    private readonly List<IClientChannel> _channels = new();

    public ProbeClients(Uri serviceAddress)
    {
        var binding = new BasicHttpBinding
        {
            SendTimeout = TimeSpan.FromSeconds(120),
            ReceiveTimeout = TimeSpan.FromSeconds(120),
        };
        _factory = new ChannelFactory<IProbeClient>(binding, new EndpointAddress(serviceAddress));
    }

    /// <summary>A new channel, opened.</summary>
    public async Task<IProbeClient> OpenAsync()
    {
        IProbeClient client = _factory.CreateChannel();
        var channel = (IClientChannel)client;
        await Task.Factory.FromAsync(channel.BeginOpen, channel.EndOpen, null);
        lock (_channels)
        {
            _channels.Add(channel);
        }

        return client;
    }

    public void Dispose()
    {
        foreach (IClientChannel channel in _channels)
        {
            try
            {
                channel.Close(TimeSpan.FromSeconds(5));
            }
            catch (Exception e) when (e is CommunicationException or TimeoutException)
            {
                channel.Abort(); // a faulted channel cannot close
            }
        }

        _factory.Abort();
    }
}
