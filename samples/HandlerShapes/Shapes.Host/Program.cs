namespace Shapes.Host;

public static class Program
{
    public static void Main(string[] args)
        => Microsoft.Extensions.Hosting.Host.CreateDefaultBuilder(args)
            .ConfigureWebHostDefaults(web => web.UseStartup<Startup>())
            .Build()
            .Run();
}
