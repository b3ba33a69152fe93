using BurstAnalyzers.Offload.TestHost.Probes;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.RazorPages;

namespace BurstAnalyzers.Offload.TestHost.Pages;

/// <summary>Razor Pages take filters on the page model class, so that is where the attribute goes.</summary>
[OffloadBlocking]
public sealed class ProbeModel(IHttpContextAccessor accessor, OffloadScheduler scheduler) : PageModel
{
    public ProbeReport? Report { get; private set; }

    public void OnGet() => Report = ProbeReport.Take(HttpContext, accessor, scheduler);
}
