using System;
using System.Linq;

namespace BurstAnalyzers.Attach.Analysis;

/// <summary>
/// "GET /orders/{id}": the server's events carry the request path, not the route template, so path segments that are
/// ids (numbers, GUIDs) become "{id}" and one endpoint stays one row whatever ids it is called with.
/// </summary>
internal static class EndpointName
{
    public static string Of(string method, string path)
    {
        string[] segments = path.Split('/');
        for (int i = 0; i < segments.Length; i++)
        {
            string segment = segments[i];
            if (segment.Length > 0 && (segment.All(char.IsAsciiDigit) || Guid.TryParse(segment, out _)))
            {
                segments[i] = "{id}";
            }
        }

        return method + " " + string.Join('/', segments);
    }
}
