using System;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;

namespace BurstAnalyzers.Diagnostics.Requests;

/// <summary>Puts the tracking middleware first, so every request is in the table, whatever the application's pipeline.</summary>
internal sealed class RequestTrackingStartupFilter : IStartupFilter
{
    public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
    {
        app.UseMiddleware<RequestTrackingMiddleware>();
        next(app);
    };
}
