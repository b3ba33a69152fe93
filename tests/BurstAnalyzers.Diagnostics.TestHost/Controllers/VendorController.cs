using Microsoft.AspNetCore.Mvc;

namespace BurstAnalyzers.Diagnostics.TestHost.Controllers;

/// <summary>The vendor SDK's blocking call behind an MVC action.</summary>
[ApiController]
[Route("mvc/vendor")]
public sealed class VendorController : ControllerBase
{
    [HttpGet("quote")]
    public decimal Quote(int ms) => Vendor.Sdk.QuoteClient.GetQuote(ms);
}
