using System;
using Microsoft.AspNetCore.Mvc.Filters;

namespace BurstAnalyzers.Offload;

/// <summary>
/// Runs the marked request handler on a dedicated offload thread (see <see cref="OffloadScheduler"/>) instead of a
/// thread-pool thread; the request's own thread is released while the handler blocks. For blocking that cannot become
/// async (a vendor SDK without an async API, a legacy library).
/// </summary>
/// <remarks>
/// <para>Needs <c>services.AddBurstOffload()</c>. Works on:</para>
/// <list type="bullet">
/// <item>an MVC controller class or action (an MVC action filter);</item>
/// <item>a Razor Pages page model class (a page filter);</item>
/// <item>a minimal API handler, as an attribute on the handler or <c>.WithMetadata(new OffloadBlockingAttribute())</c>, on
/// endpoints whose builder or group has <see cref="OffloadEndpointConventionBuilderExtensions.AddOffloadBlockingFilter{TBuilder}"/>
/// (<see cref="OffloadEndpointConventionBuilderExtensions.OffloadBlocking{TBuilder}"/> does both);</item>
/// <item>a SignalR hub class or hub method (a hub filter that <c>AddBurstOffload</c> registers).</item>
/// </list>
/// </remarks>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Method, AllowMultiple = false, Inherited = true)]
public sealed class OffloadBlockingAttribute : Attribute, IFilterFactory, IOrderedFilter
{
    /// <summary>
    /// The filter's order among MVC and page filters. Default <see cref="int.MaxValue"/>: innermost, so other filters
    /// keep running on the request's thread and only the handler itself moves.
    /// </summary>
    public int Order { get; set; } = int.MaxValue;

    bool IFilterFactory.IsReusable => true;

    IFilterMetadata IFilterFactory.CreateInstance(IServiceProvider serviceProvider) =>
        new OffloadBlockingFilter(OffloadSchedulerLookup.Require(serviceProvider));
}
