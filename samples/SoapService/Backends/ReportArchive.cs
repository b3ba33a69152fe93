namespace SoapService.Backends;

// An async client of a slow archive: already async, but the operation that uses it waits on .Result.
public class ReportArchive
{
    public async Task<string> LoadAsync(int id)
    {
        await Task.Delay(500);
        return $"report {id}";
    }
}
