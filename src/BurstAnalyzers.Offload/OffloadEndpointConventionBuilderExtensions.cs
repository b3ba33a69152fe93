using System;
using Microsoft.AspNetCore.Builder;

namespace BurstAnalyzers.Offload;

/// <summary>Offloading for minimal API endpoints and route groups.</summary>
public static class OffloadEndpointConventionBuilderExtensions
{
    /// <summary>
    /// Runs the handler of every endpoint this builder creates (one endpoint, or all endpoints of a route group) on a
    /// dedicated offload thread: adds <see cref="OffloadBlockingAttribute"/> metadata and the offloading endpoint filter.
    /// </summary>
    /// <typeparam name="TBuilder">A <c>RouteHandlerBuilder</c>, <c>RouteGroupBuilder</c> or other endpoint builder.</typeparam>
    /// <param name="builder">The endpoint or group builder.</param>
    /// <returns>The builder, for chaining.</returns>
    public static TBuilder OffloadBlocking<TBuilder>(this TBuilder builder)
        where TBuilder : IEndpointConventionBuilder
    {
        builder.WithMetadata(new OffloadBlockingAttribute());
        return builder.AddOffloadBlockingFilter();
    }

    /// <summary>
    /// Adds the offloading endpoint filter to the endpoints this builder creates; it offloads those marked with
    /// <see cref="OffloadBlockingAttribute"/> (on the handler, or through <c>.WithMetadata(new OffloadBlockingAttribute())</c>)
    /// and leaves the others alone. Minimal APIs have no global filters, so call it once on a route group
    /// (<c>app.MapGroup("")</c> covers the whole application) and map the endpoints on that group.
    /// </summary>
    /// <typeparam name="TBuilder">A <c>RouteHandlerBuilder</c>, <c>RouteGroupBuilder</c> or other endpoint builder.</typeparam>
    /// <param name="builder">The endpoint or group builder.</param>
    /// <returns>The builder, for chaining.</returns>
    public static TBuilder AddOffloadBlockingFilter<TBuilder>(this TBuilder builder)
        where TBuilder : IEndpointConventionBuilder
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Add(endpoint => endpoint.FilterFactories.Add(
            (context, next) => OffloadBlockingEndpointFilter.Create(endpoint, context, next)));
        return builder;
    }
}
