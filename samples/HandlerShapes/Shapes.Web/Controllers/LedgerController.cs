using Microsoft.AspNetCore.Mvc;

namespace Shapes.Web.Controllers;

[ApiController]
[Route("ledger")]
public partial class LedgerController : ControllerBase
{
    [HttpGet("total")]
    public decimal Total() => Sum(); // BURST005
}
