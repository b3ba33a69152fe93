namespace Shop.Data;

/// <summary>Orders kept as lines of a file.</summary>
public sealed class OrderFiles(string folder)
{
    private string Path => System.IO.Path.Combine(folder, "orders.txt");

    public string[] ReadAll() => File.Exists(Path) ? File.ReadAllLines(Path) : Array.Empty<string>();

    public void Append(string order) => File.AppendAllLines(Path, new[] { order });
}
