using BurstAnalyzers.Offload;
using BlockingApi.Diagnostics;
using SoapCore;
using SoapService.Backends;
using SoapService.Contracts;
using SoapService.Services;

// The old workaround the original reports used: raise the thread pool's minimum so it starts threads without delay.
if (int.TryParse(Environment.GetEnvironmentVariable("BURST_MIN_THREADS"), out var minThreads))
{
    ThreadPool.GetMinThreads(out _, out var completionPorts);
    ThreadPool.SetMinThreads(minThreads, Math.Max(minThreads, completionPorts));
}

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.Services.AddSoapCore();
builder.Services.AddScoped<IService1, Service1>();
builder.Services.AddScoped<IReportService, ReportService>();
builder.Services.AddSingleton<ReportArchive>();
builder.Services.AddSingleton<PriceFeed>();
builder.Services.AddSingleton<QuoteBook>();

var app = builder.Build();

// SoapCore parses a request into a tree with recursive code and no depth limit: one request nested 100,000 elements
// deep would overflow the stack and end the process. The guard answers it with a SOAP fault first.
app.UseSoapDepthLimit();

// On IApplicationBuilder: on WebApplication, UseSoapEndpoint is ambiguous with its IEndpointRouteBuilder overload.
IApplicationBuilder soap = app;
soap.UseSoapEndpoint<IService1>("/Service1.svc", new SoapEncoderOptions(), SoapSerializer.DataContractSerializer);
soap.UseSoapEndpoint<IReportService>("/ReportService.svc", new SoapEncoderOptions(), SoapSerializer.DataContractSerializer);

// A fast async endpoint: under starvation even this waits for a thread.
app.MapGet("/ping", () => "pong");

if (Environment.GetEnvironmentVariable("BURST_SAMPLE_THREADS") == "1")
{
    ThreadPoolSampler.Start();
}

app.Run();
