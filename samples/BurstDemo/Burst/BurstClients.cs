namespace BurstDemo.Burst;

/// <summary>
/// Makes a burst's clients for one scenario: HTTP GETs for the ASP.NET Core scenarios, the WCF client for the SOAP one.
/// Owns what they share (the WCF ChannelFactory); disposing it after the burst releases that.
/// </summary>
internal abstract class BurstClients : IDisposable
{
    public static BurstClients For(Scenario scenario, Uri baseAddress, TimeSpan requestTimeout)
        => scenario.IsWcf
            ? new Wcf.WcfClients(new Uri(baseAddress, scenario.Endpoint), requestTimeout)
            : new HttpGetClients(new Uri(baseAddress, scenario.PathAndQuery), requestTimeout);

    /// <summary>A new client, ready to send: called on the client's own thread, before the release.</summary>
    public abstract IBurstClient Open();

    public virtual void Dispose()
    {
    }
}
