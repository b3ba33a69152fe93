using System;
using System.Threading;
using BurstAnalyzers.Offload.TestHost.Probes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace BurstAnalyzers.Offload.TestHost.Endpoints;

/// <summary>Minimal API endpoints, marked in each supported way.</summary>
public static class MinimalEndpoints
{
    public static void Map(IEndpointRouteBuilder app)
    {
        app.MapGet("/minimal/blocking", (int ms) =>
        {
            Thread.Sleep(ms);
            return "slept";
        });

        app.MapGet("/minimal/offloaded", (int ms) =>
        {
            Thread.Sleep(ms);
            return "slept";
        }).OffloadBlocking();

        app.MapGet("/minimal/load/{id:int}", (int id, int ms, LoadTracker tracker) =>
        {
            tracker.Run(ms);
            return id;
        }).OffloadBlocking();

        // One filter for the group; each endpoint opts in with the attribute or metadata.
        RouteGroupBuilder marked = app.MapGroup("/minimal/marked").AddOffloadBlockingFilter();
        marked.MapGet("/attribute", [OffloadBlocking] (HttpContext context, IHttpContextAccessor accessor, OffloadScheduler scheduler) =>
            ProbeReport.Take(context, accessor, scheduler));
        marked.MapGet("/metadata", (HttpContext context, IHttpContextAccessor accessor, OffloadScheduler scheduler) =>
            ProbeReport.Take(context, accessor, scheduler)).WithMetadata(new OffloadBlockingAttribute());
        marked.MapGet("/unmarked", (HttpContext context, IHttpContextAccessor accessor, OffloadScheduler scheduler) =>
            ProbeReport.Take(context, accessor, scheduler));
        marked.MapGet("/method-group", ProbeHandlers.Probe);

        app.MapGet("/minimal/extension", (HttpContext context, IHttpContextAccessor accessor, OffloadScheduler scheduler) =>
            ProbeReport.Take(context, accessor, scheduler)).OffloadBlocking();

        app.MapPost("/minimal/body", (ProbeInput input, HttpContext context, IHttpContextAccessor accessor, OffloadScheduler scheduler) =>
            ProbeReport.Take(context, accessor, scheduler, input.Echo)).OffloadBlocking();

        RouteGroupBuilder offloadedGroup = app.MapGroup("/minimal/offloaded-group").OffloadBlocking();
        offloadedGroup.MapGet("/probe", (HttpContext context, IHttpContextAccessor accessor, OffloadScheduler scheduler) =>
            ProbeReport.Take(context, accessor, scheduler));

        app.MapGet("/minimal/throw", string () => throw new ProbeException("thrown by the offloaded handler")).OffloadBlocking();

        app.MapGet("/minimal/gate", (ProbeGate gate) =>
        {
            gate.Pass(TimeSpan.FromSeconds(30));
            return "passed";
        }).OffloadBlocking();
    }
}
