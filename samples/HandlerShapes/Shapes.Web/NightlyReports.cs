using Shapes.Services;

namespace Shapes.Web;

/// <summary>Background work of the generic host: the same blocking calls are no request's, so nothing is reported.</summary>
public sealed class NightlyReports(ReportService reports) : BackgroundService
{
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        while (!stoppingToken.IsCancellationRequested)
        {
            File.WriteAllText("nightly.txt", reports.Summary(1) + Pricing.Quote("NIGHT"));
            Thread.Sleep(10);
            await Task.Delay(TimeSpan.FromHours(1), stoppingToken);
        }
    }
}
