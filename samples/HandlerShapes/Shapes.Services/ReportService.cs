using Shapes.Data;

namespace Shapes.Services;

public sealed partial class ReportService(IReportStore store)
{
    public string Summary(int id) => Header(id) + Body(id);

    private static string Header(int id) => $"Report {id}: ";
}
