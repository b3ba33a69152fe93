using BurstDemo.Infrastructure;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstDemo.Variants;

/// <summary>
/// The steps a user takes when adopting BurstAnalyzers.Offload, before the code fix can do its part: reference the
/// package and register its scheduler. Then, after the fix, the check that it really marked the burst endpoints.
/// </summary>
internal static class OffloadAdoption
{
    private const string AnalyzerReference = "<PackageReference Include=\"BurstAnalyzers\"";

    /// <summary>
    /// Adds the package reference (its version is in samples/Directory.Packages.props) and the registration its README
    /// asks for: `builder.Services.AddBurstOffload();` after AddControllers, or for SoapCore
    /// `builder.Services.AddBurstOffloadForSoapCore();` after AddSoapCore; both with `using BurstAnalyzers.Offload;`.
    /// </summary>
    public static void Apply(SampleServer server, string sampleDirectory)
    {
        // The SOAP sample already references its offload package, for the request depth guard.
        var project = Path.Combine(sampleDirectory, server.Name + ".csproj");
        var reference = $"<PackageReference Include=\"{server.OffloadPackageId}\" />";
        if (!File.ReadAllText(project).Contains(reference, StringComparison.Ordinal))
        {
            InsertAfterLine(project, AnalyzerReference, reference);
        }

        var program = Path.Combine(sampleDirectory, "Program.cs");
        if (server == SampleServer.SoapService)
        {
            InsertAfterLine(program, "builder.Services.AddSoapCore();", "builder.Services.AddBurstOffloadForSoapCore();");
        }
        else
        {
            InsertAfterLine(program, "builder.Services.AddControllers();", "builder.Services.AddBurstOffload();");
        }

        const string Using = "using BurstAnalyzers.Offload;";
        var source = File.ReadAllText(program);
        if (!source.Split('\n').Any(line => line.Trim() == Using))
        {
            File.WriteAllText(program, Using + "\n" + source);
        }
    }

    /// <summary>Fails unless the burst's handlers carry [OffloadBlocking]: otherwise the variant measures nothing.</summary>
    public static void Verify(SampleServer server, string sampleDirectory)
    {
        if (server == SampleServer.SoapService)
        {
            RequireMarked(Path.Combine(sampleDirectory, "Services", "Service1.cs"), "Service1", "GetData");
            RequireMarked(Path.Combine(sampleDirectory, "Services", "ReportService.cs"), "ReportService", "GetReport", "GetQuote");
        }
        else
        {
            RequireMarked(Path.Combine(sampleDirectory, "Controllers", "BurstController.cs"), "BurstController", "Sync", "Io");
        }
    }

    private static void RequireMarked(string file, string type, params string[] methods)
    {
        var root = CSharpSyntaxTree.ParseText(File.ReadAllText(file)).GetRoot();
        foreach (var name in methods)
        {
            var method = root.DescendantNodes().OfType<MethodDeclarationSyntax>().FirstOrDefault(m => m.Identifier.Text == name)
                ?? throw new DemoFailure($"{file} has no method {name}: the sample changed, update the demo.");
            var marked = method.AttributeLists.SelectMany(l => l.Attributes)
                .Any(a => a.Name.ToString().Split('.', ':')[^1] is "OffloadBlocking" or "OffloadBlockingAttribute");
            if (!marked)
            {
                throw new DemoFailure($"The offload fix did not put [OffloadBlocking] on {type}.{name} in {file}.");
            }
        }
    }

    private static void InsertAfterLine(string file, string anchor, string newLine)
    {
        var lines = File.ReadAllLines(file).ToList();
        var index = lines.FindIndex(l => l.Contains(anchor, StringComparison.Ordinal));
        if (index < 0)
        {
            throw new DemoFailure($"{file} has no line with '{anchor}': the sample changed, update the demo's offload setup.");
        }

        var indentation = lines[index][..(lines[index].Length - lines[index].TrimStart().Length)];
        lines.Insert(index + 1, indentation + newLine);
        File.WriteAllText(file, string.Join('\n', lines) + "\n");
    }
}
