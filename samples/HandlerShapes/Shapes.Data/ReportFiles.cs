namespace Shapes.Data;

public interface IReportStore
{
    string Load(int id);
}

/// <summary>Reports kept as files; the web projects see only <see cref="IReportStore"/>.</summary>
internal sealed class FileReportStore : IReportStore
{
    public string Load(int id) => File.ReadAllText(Path.Combine(Path.GetTempPath(), $"report-{id}.txt"));
}

public static class ReportStores
{
    public static IReportStore Files() => new FileReportStore();
}

/// <summary>A base class whose derived classes decide how a rate is fetched.</summary>
public abstract class RateSource
{
    public decimal Rate(string currency) => Fetch(currency) * 1.0m;

    protected abstract decimal Fetch(string currency);
}

public sealed class SlowRateSource : RateSource
{
    protected override decimal Fetch(string currency)
    {
        Thread.Sleep(50);
        return currency.Length;
    }
}
