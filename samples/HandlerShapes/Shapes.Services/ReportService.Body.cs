namespace Shapes.Services;

public sealed partial class ReportService
{
    // The other part of the partial class: the call into Shapes.Data that blocks.
    private string Body(int id) => store.Load(id);
}
