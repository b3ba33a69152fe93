using Microsoft.AspNetCore.Mvc;
using Shop.Services;

namespace Shop.Web.Controllers;

[ApiController]
[Route("orders")]
public class OrdersController(IOrderService orders, QuoteService quotes) : ControllerBase
{
    [HttpGet]
    public IReadOnlyList<string> Get() => orders.Orders(); // BURST005

    [HttpPost]
    public IActionResult Place(string order)
    {
        orders.Place(order); // BURST005
        return Ok();
    }

    [HttpGet("limit")]
    public int Limit() => orders.Limit;

    [HttpGet("quote/{symbol}")]
    public decimal Quote(string symbol) => quotes.Quote(symbol); // BURST005

    [HttpGet("estimate/{symbol}")]
    public decimal Estimate(string symbol) => quotes.Estimate(symbol);
}
