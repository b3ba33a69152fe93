# The reverse of install.ps1: removes the analyzer references it added to a packages.config project.
param($installPath, $toolsPath, $package, $project)

if (-not $project.Object.AnalyzerReferences) {
    return
}

if ($project.Type -ne "C#") {
    return
}

$analyzersPath = Join-Path (Join-Path (Join-Path $installPath "analyzers") "dotnet") "cs"
foreach ($analyzer in Get-ChildItem -Path (Join-Path $analyzersPath "*.dll") -Exclude "*.resources.dll") {
    try {
        $project.Object.AnalyzerReferences.Remove($analyzer.FullName)
    }
    catch {
        # Already removed by hand: nothing to undo.
    }
}
