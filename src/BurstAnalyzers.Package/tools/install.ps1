# Runs in Visual Studio's Package Manager when BurstAnalyzers is installed into a project that uses packages.config
# (classic WCF, ASMX and ASP.NET projects). Such projects do not pick up a package's analyzers/ folder by themselves,
# so the analyzer assemblies are added to the project as analyzer references. PackageReference projects never run this.
param($installPath, $toolsPath, $package, $project)

if (-not $project.Object.AnalyzerReferences) {
    # A project system without analyzer support (Visual Studio before 2015, or not a C# project): nothing to add.
    return
}

if ($project.Type -ne "C#") {
    # BurstAnalyzers analyzes C# only (analyzers/dotnet/cs).
    return
}

$analyzersPath = Join-Path (Join-Path (Join-Path $installPath "analyzers") "dotnet") "cs"
foreach ($analyzer in Get-ChildItem -Path (Join-Path $analyzersPath "*.dll") -Exclude "*.resources.dll") {
    $project.Object.AnalyzerReferences.Add($analyzer.FullName)
}
