namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>
/// BurstAnalyzers.Offload (and BurstAnalyzers.Offload.SoapCore), as far as the analyzers need to know, appended to a
/// test's source: the analyzers match these types by full name, so test compilations need not reference the packages.
/// </summary>
internal static class OffloadPackageStandIn
{
    /// <summary>The attribute alone: BurstAnalyzers.Offload without anything a test does not use.</summary>
    public const string Attribute = """


        namespace BurstAnalyzers.Offload
        {
            [System.AttributeUsage(System.AttributeTargets.Class | System.AttributeTargets.Method)]
            public sealed class OffloadBlockingAttribute : System.Attribute { }
        }
        """;

    /// <summary>The attribute and the minimal API extension, .OffloadBlocking().</summary>
    public const string WithEndpointExtension = Attribute + """


        namespace BurstAnalyzers.Offload
        {
            public static class OffloadEndpointExtensions
            {
                public static TBuilder OffloadBlocking<TBuilder>(this TBuilder builder)
                    where TBuilder : Microsoft.AspNetCore.Builder.IEndpointConventionBuilder => builder;
            }
        }
        """;

    /// <summary>The attribute and BurstAnalyzers.Offload.SoapCore, whose invoker offloads SOAP operations.</summary>
    public const string WithSoapCore = Attribute + """


        namespace BurstAnalyzers.Offload
        {
            public static class SoapCoreOffloadServiceCollectionExtensions { }
        }
        """;
}
