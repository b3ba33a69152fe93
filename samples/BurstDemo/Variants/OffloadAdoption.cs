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
    private const string ServicesAnchor = "builder.Services.AddControllers();";

    /// <summary>Adds the package reference (its version is in samples/Directory.Packages.props) and the registration.</summary>
    public static void Apply(string sampleDirectory)
    {
        var project = Path.Combine(sampleDirectory, "BlockingApi.csproj");
        InsertAfterLine(project, AnalyzerReference, "<PackageReference Include=\"BurstAnalyzers.Offload\" />");

        // The package's README: `using BurstAnalyzers.Offload;` and `builder.Services.AddBurstOffload();`.
        var program = Path.Combine(sampleDirectory, "Program.cs");
        InsertAfterLine(program, ServicesAnchor, "builder.Services.AddBurstOffload();");
        File.WriteAllText(program, "using BurstAnalyzers.Offload;\n" + File.ReadAllText(program));
    }

    /// <summary>Fails unless the /sync and /io actions carry [OffloadBlocking]: otherwise the variant measures nothing.</summary>
    public static void Verify(string sampleDirectory)
    {
        var controller = Path.Combine(sampleDirectory, "Controllers", "BurstController.cs");
        var root = CSharpSyntaxTree.ParseText(File.ReadAllText(controller)).GetRoot();
        foreach (var action in new[] { "Sync", "Io" })
        {
            var method = root.DescendantNodes().OfType<MethodDeclarationSyntax>().FirstOrDefault(m => m.Identifier.Text == action)
                ?? throw new DemoFailure($"{controller} has no method {action}: samples/BlockingApi changed, update the demo.");
            var marked = method.AttributeLists.SelectMany(l => l.Attributes)
                .Any(a => a.Name.ToString().Split('.', ':')[^1] is "OffloadBlocking" or "OffloadBlockingAttribute");
            if (!marked)
            {
                throw new DemoFailure($"The offload fix did not put [OffloadBlocking] on BurstController.{action} in {controller}.");
            }
        }
    }

    private static void InsertAfterLine(string file, string anchor, string newLine)
    {
        var lines = File.ReadAllLines(file).ToList();
        var index = lines.FindIndex(l => l.Contains(anchor, StringComparison.Ordinal));
        if (index < 0)
        {
            throw new DemoFailure($"{file} has no line with '{anchor}': samples/BlockingApi changed, update the demo's offload setup.");
        }

        var indentation = lines[index][..(lines[index].Length - lines[index].TrimStart().Length)];
        lines.Insert(index + 1, indentation + newLine);
        File.WriteAllText(file, string.Join('\n', lines) + "\n");
    }
}
