using Microsoft.AspNetCore.Mvc.RazorPages;
using Shapes.Services;

namespace Shapes.Web.Pages;

public class ReportModel(ReportService reports) : PageModel
{
    public string Text { get; private set; } = "";

    public int Id { get; private set; }

    public void OnGet(int id)
    {
        Id = id;
        Text = reports.Summary(id); // BURST005
    }
}
