using System;
using System.Linq;
using System.Reflection;
using System.ServiceModel;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using SoapCore;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>
/// A compiled service class on SoapCore on Kestrel (127.0.0.1, a free port), and a WCF client (ChannelFactory over
/// BasicHttpBinding) for any contract type: the real wire between a client and a (fixed) service.
/// </summary>
internal sealed class SoapCoreTestHost : IAsyncDisposable
{
    private const string Path = "/service.svc";
    private readonly WebApplication _app;

    private SoapCoreTestHost(WebApplication app, Uri address)
    {
        _app = app;
        Address = address;
    }

    public Uri Address { get; }

    public static async Task<SoapCoreTestHost> StartAsync(Type contract, Type service)
    {
        var builder = WebApplication.CreateBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Services.AddSoapCore();
        builder.Services.AddSingleton(contract, service);
        var app = builder.Build();
        ((IApplicationBuilder)app).UseSoapEndpoint(contract, Path, new SoapEncoderOptions(), SoapSerializer.DataContractSerializer);
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        return new SoapCoreTestHost(app, new Uri(new Uri(address), Path));
    }

    /// <summary>Calls <paramref name="operation"/> of <paramref name="contract"/> through a WCF channel, synchronously.</summary>
    public object? Call(Type contract, string operation, params object?[] arguments)
    {
        var factoryType = typeof(ChannelFactory<>).MakeGenericType(contract);
        var factory = (ChannelFactory)Activator.CreateInstance(factoryType, new BasicHttpBinding(), new EndpointAddress(Address))!;
        try
        {
            var channel = factoryType.GetMethod("CreateChannel", Type.EmptyTypes)!.Invoke(factory, null)!;
            try
            {
                return contract.GetMethod(operation)!.Invoke(channel, arguments);
            }
            catch (TargetInvocationException e) when (e.InnerException is not null)
            {
                throw e.InnerException;
            }
            finally
            {
                ((ICommunicationObject)channel).Abort();
            }
        }
        finally
        {
            factory.Abort();
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}
