using Microsoft.AspNetCore.Mvc;

namespace Shapes.Web.Controllers;

// The other part of the partial controller: an action of its own, and the helper Total calls.
public partial class LedgerController
{
    private static readonly Mutex Lock = new();

    [HttpGet("entries")]
    public string[] Entries() => System.IO.File.ReadAllLines("ledger.txt"); // BURST003

    [HttpPost("lock")]
    public void Hold()
    {
        Lock.WaitOne(); // BURST004
        Lock.ReleaseMutex();
    }

    private static decimal Sum() => decimal.Parse(System.IO.File.ReadAllText("ledger-total.txt"));
}
