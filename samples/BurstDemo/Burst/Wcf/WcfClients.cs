using System.ServiceModel;
using BurstDemo.Infrastructure;

namespace BurstDemo.Burst.Wcf;

/// <summary>
/// The WCF report's client, with System.ServiceModel for .NET: one ChannelFactory over BasicHttpBinding for the burst,
/// one channel per client thread, opened before the release; each thread then calls GetData synchronously, like the
/// report's console client.
/// </summary>
internal sealed class WcfClients : BurstClients
{
    private readonly ChannelFactory<IService1> _factory;

    public WcfClients(Uri address, TimeSpan requestTimeout)
    {
        var binding = new BasicHttpBinding
        {
            OpenTimeout = TimeSpan.FromSeconds(30),
            SendTimeout = requestTimeout,
            ReceiveTimeout = requestTimeout,
            CloseTimeout = TimeSpan.FromSeconds(10),
        };
        _factory = new ChannelFactory<IService1>(binding, new EndpointAddress(address));
    }

    public override IBurstClient Open()
    {
        var service = _factory.CreateChannel();
        var channel = (IClientChannel)service;
        channel.Open();
        return new Client(service, channel);
    }

    public override void Dispose()
    {
        try
        {
            _factory.Close();
        }
        catch (Exception e) when (e is CommunicationException or TimeoutException)
        {
            _factory.Abort();
        }
    }

    private sealed class Client(IService1 service, IClientChannel channel) : IBurstClient
    {
        private static int s_nextValue;

        public RequestRecord Send()
        {
            var value = Interlocked.Increment(ref s_nextValue);
            var start = MonotonicClock.NowMs;
            try
            {
                var answer = service.GetData(value);
                var expected = $"You entered: {value}";
                return answer == expected
                    ? new RequestRecord(start, MonotonicClock.NowMs - start, 200, null)
                    : new RequestRecord(start, MonotonicClock.NowMs - start, 200, $"GetData({value}) answered '{answer}', not '{expected}'");
            }
            catch (Exception e) when (e is CommunicationException or TimeoutException)
            {
                // FaultException is a CommunicationException: the service's own error arrives here too.
                return new RequestRecord(start, MonotonicClock.NowMs - start, 0, $"{e.GetType().Name}: {e.Message}");
            }
        }

        public void Dispose()
        {
            try
            {
                channel.Close();
            }
            catch (Exception e) when (e is CommunicationException or TimeoutException)
            {
                channel.Abort(); // a faulted channel cannot close
            }
        }
    }
}
