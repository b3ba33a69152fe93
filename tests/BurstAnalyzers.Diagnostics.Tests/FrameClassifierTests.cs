using BurstAnalyzers.Diagnostics.Reporting;
using Xunit;

namespace BurstAnalyzers.Diagnostics.Tests;

/// <summary>
/// The one rule the detector and burst-attach share for framework frames, by assembly name. The stacks that show what
/// each side makes of it are in CallSiteTests and in burst-attach's StackTrimmerTests.
/// </summary>
public sealed class FrameClassifierTests
{
    [Theory]
    // The runtime, the shared frameworks, Microsoft's libraries and the facades.
    [InlineData("System.Private.CoreLib", true)]
    [InlineData("system.private.corelib", true)]
    [InlineData("System", true)]
    [InlineData("mscorlib", true)]
    [InlineData("netstandard", true)]
    [InlineData("Microsoft.AspNetCore.Server.Kestrel.Core", true)]
    [InlineData("Microsoft.AspNetCore.RequestDecompression", true)]
    [InlineData("Microsoft.Extensions.DependencyInjection", true)]
    [InlineData("Microsoft.Data.SqlClient", true)]
    // This repository's runtime packages, all three (the detector used to count the SOAP offload as code).
    [InlineData("BurstAnalyzers.Diagnostics", true)]
    [InlineData("BurstAnalyzers.Offload", true)]
    [InlineData("BurstAnalyzers.Offload.SoapCore", true)]
    // A frame no module claims.
    [InlineData("", true)]
    [InlineData(null, true)]
    // Code: the application's and every other library's, whatever its namespaces, and names that only share a prefix.
    [InlineData("Vendor.Rates", false)]
    [InlineData("BurstAnalyzers.Diagnostics.TestVendor", false)]
    [InlineData("BurstAnalyzers.Diagnostics.Tests", false)]
    [InlineData("DetectorDemo", false)]
    [InlineData("SoapCore", false)]
    [InlineData("Systematic.Billing", false)]
    [InlineData("MicrosoftGraphHelpers", false)]
    // Generated code is not the framework's either: each side tells it apart from code by itself.
    [InlineData("Anonymously Hosted DynamicMethods Assembly", false)]
    public void IsFramework_ByAssemblyName(string? assemblyName, bool framework) =>
        Assert.Equal(framework, FrameClassifier.IsFramework(assemblyName));
}
