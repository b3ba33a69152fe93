using SoapService.Backends;

namespace SoapService.Services;

public class ReportService : Contracts.IReportService
{
    private readonly ReportArchive _archive;
    private readonly QuoteBook _quotes;

    public ReportService(ReportArchive archive, QuoteBook quotes)
    {
        _archive = archive;
        _quotes = quotes;
    }

    public string GetReport(int id)
    {
        return _archive.LoadAsync(id).Result; // BURST002
    }

    public string GetQuote(string symbol) => _quotes.Latest(symbol); // BURST005
}
