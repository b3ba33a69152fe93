using Microsoft.AspNetCore.SignalR;
using Shapes.Services;

namespace Shapes.Web;

public class ReportsHub(ReportService reports) : Hub
{
    public string Summary(int id) => reports.Summary(id); // BURST005

    public string Quote(string symbol) => Pricing.Quote(symbol); // BURST005
}
