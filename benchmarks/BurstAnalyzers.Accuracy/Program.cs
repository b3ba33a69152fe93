using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using BurstAnalyzers.Accuracy;
using BurstAnalyzers.Accuracy.Building;
using BurstAnalyzers.Accuracy.Corpus;
using BurstAnalyzers.Accuracy.Scoring;

var options = Options.Parse(args);
if (options.Help)
{
    Console.WriteLine(Options.Usage);
    return 0;
}

var clock = Stopwatch.StartNew();
void Log(string line) => Console.WriteLine($"[{clock.Elapsed:mm\\:ss}] {line}");
Directory.CreateDirectory(options.WorkDirectory);
SourceTree.IsolateFromRepository(options.WorkDirectory);
// BurstAnalyzers as a user gets it: the package, packed from this checkout under a version no cache has seen.
var packages = Path.Combine(options.WorkDirectory, "packages");
var entries = CorpusManifest.Load(Path.Combine(options.CorpusDirectory, "corpus.json")).Where(e => options.Only is null || options.Only.Contains(e.Name)).ToList();
if (options.CompileOnly)
{
    return CompileOnly();
}

var version = options.BurstVersion ?? "0.1.0-accuracy." + DateTime.UtcNow.ToString("yyyyMMddHHmmss", CultureInfo.InvariantCulture);
var pack = options.BurstVersion is not null && File.Exists(Path.Combine(packages, $"BurstAnalyzers.{version}.nupkg")) ? (ExitCode: 0, Output: "") : Pack();
if (pack.ExitCode != 0)
{
    Console.Error.WriteLine(pack.Output);
    return 1;
}

(int ExitCode, string Output) Pack()
{
    Log($"packing BurstAnalyzers {version}");
    return DotNet.Run(options.RepoRoot, "dotnet", "pack", "src/BurstAnalyzers.Package", "-c", "Release", "-o", packages, "-p:Version=" + version, "-nologo", "-v:q");
}

var tools = Tools.All(version);
var withDeferred = Tools.WithRulesItDefersTo(tools[0]);
var globalConfig = Path.Combine(options.WorkDirectory, "corpus.globalconfig");
File.WriteAllText(globalConfig, Tools.GlobalConfig(tools));

var allReported = new List<Reported>();
var allCrashes = new List<AnalyzerCrash>();
var allLabels = new List<Label>();
var projectRows = new List<string>();
var projectToolRows = new List<string>();
var fixRows = new List<string>();
var index = 0;
foreach (var entry in entries)
{
    index++;
    Log($"({index}/{entries.Count}) {entry.Name}: {entry.Repo} {entry.Project}");
    if (SourceTree.Obtain(entry, options, line => Log(line)) is not { } sources)
    {
        projectRows.Add($"| {entry.Name} | not built: sources not found | | | | | |");
        continue;
    }

    var labels = Label.Load(Path.Combine(options.CorpusDirectory, "labels", entry.Name + ".tsv"));
    var built = Build(entry, sources, "run");
    if (built is null)
    {
        projectRows.Add($"| {entry.Name} | build failed (see {Path.Combine(options.WorkDirectory, "run", entry.Name + ".log")}) | | | | | |");
        continue;
    }

    var reported = built.Value.Reported.Select(r => r with { Site = Prefix(entry, r.Site), Related = r.Related.Select(s => Prefix(entry, s)).ToList() }).ToList();
    var prefixed = labels.Select(l => l with { Site = Prefix(entry, l.Site) }).ToList();
    allReported.AddRange(reported);
    allLabels.AddRange(prefixed);
    var burst = new Score(tools[0], reported, prefixed, requestPathOnly: true);

    // Sites in the projects the built project references (Web -> Services -> Data): where a chain must cross a
    // project reference to reach them.
    var projectFolder = entry.Name + "/" + Path.GetDirectoryName(entry.Project)!.Replace('\\', '/') + "/";
    var elsewhere = prefixed.Where(l => !l.Site.File.StartsWith(projectFolder, StringComparison.Ordinal)).ToList();
    var burstElsewhere = new Score(tools[0], reported, elsewhere, requestPathOnly: true);
    var elsewhereRecall = burstElsewhere.Positives == 0 ? "–" : $"{burstElsewhere.Found} of {burstElsewhere.Positives}";
    var deferred = new Score(withDeferred, reported, prefixed, requestPathOnly: true);
    projectRows.Add($"| {entry.Name} | {prefixed.Count(l => l.RequestPath)} of {prefixed.Count} | {elsewhere.Count(l => l.RequestPath)} | {burst.Precision:P0} | {burst.Recall:P0} | {elsewhereRecall} | {deferred.Precision:P0} / {deferred.Recall:P0} ({deferred.Found} of {deferred.Positives}) |");
    foreach (var tool in tools)
    {
        var score = new Score(tool, reported, prefixed, requestPathOnly: true);
        var found = new Score(tool, reported, elsewhere, requestPathOnly: true);
        var foundElsewhere = found.Positives == 0 ? "–" : $"{found.Found} of {found.Positives}";
        projectToolRows.Add($"| {entry.Name} | {tool.Name} | {score.Reports} | {score.TruePositives} | {score.Precision:P0} | {score.Found} of {score.Positives} | {score.Recall:P0} | {foundElsewhere} |");
    }

    Log($"  {prefixed.Count} labelled sites ({prefixed.Count(l => l.RequestPath)} on the request path, {elsewhere.Count(l => l.RequestPath)} of them in referenced projects); BurstAnalyzers {burst.Precision:P0} precision, {burst.Recall:P0} recall");

    if (options.Fix)
    {
        fixRows.Add(FixAndRebuild(entry, sources, BurstDiagnostics(built.Value.Reported)));
    }
}

// Why the figure with MVC1000 is kept apart from BurstAnalyzers' own rows (one sentence, printed under the first table).
const string DeferredNote = "The row and column \"+ SDK MVC1000 (views it defers to)\" are shown apart because BurstAnalyzers by design leaves Html.Partial/RenderPartial in Razor views to the SDK's MVC1000, which reports them in the same build: they add those MVC1000 reports from that build's SARIF (true on a labelled line, false elsewhere) to BurstAnalyzers' own, whose rows stay what our package alone reports.";

var report = new System.Text.StringBuilder();
report.AppendLine("## Request-path blocking (the product's job)").AppendLine();
AppendTable(report, allLabels, requestPathOnly: true);
report.AppendLine().AppendLine(DeferredNote);
report.AppendLine().AppendLine("## Any blocking call, request path or not").AppendLine();
AppendTable(report, allLabels, requestPathOnly: false);
report.AppendLine().AppendLine("## Per project (BurstAnalyzers, request path)").AppendLine();
report.AppendLine("| Project | Labelled sites (request path of all) | Request path, in referenced projects | Precision | Recall | Found in referenced projects | With SDK MVC1000 (views it defers to): precision / recall |").AppendLine("|---|---|---|---|---|---|---|");
projectRows.ForEach(r => report.AppendLine(r));
report.AppendLine().AppendLine("## Per project and tool (request path)").AppendLine();
report.AppendLine("| Project | Tool | Reports | True | Precision | Sites found | Recall | Found in referenced projects |").AppendLine("|---|---|---|---|---|---|---|---|");
projectToolRows.ForEach(r => report.AppendLine(r));
if (fixRows.Count > 0)
{
    report.AppendLine().AppendLine("## dotnet format with BurstAnalyzers' fixes, then a rebuild").AppendLine();
    report.AppendLine("The second pass runs the same dotnet format over the first pass's result and rebuilds: the goal is that one Fix All pass leaves nothing the fix could have converted, so files it changes are conversions the first pass left (its diff: fixed/{project}.second.diff).").AppendLine();
    report.AppendLine("| Project | Seen by dotnet format (of before) | Files changed | Compile errors after | BURST diagnostics before → after | Second pass: files changed | Compile errors after the second pass | BURST diagnostics after the second pass |").AppendLine("|---|---|---|---|---|---|---|---|");
    fixRows.ForEach(r => report.AppendLine(r));
}

report.AppendLine().AppendLine("## Reliability: analyzer exceptions (AD0001)").AppendLine();
report.AppendLine("An analyzer that throws is switched off for the rest of that project's build: what it would have reported there is lost.").AppendLine();
report.AppendLine("| Tool | AD0001 | Projects built with it | Analyzers that threw |").AppendLine("|---|---|---|---|");
var projectsBuilt = projectRows.Count(r => !r.Contains("not built", StringComparison.Ordinal) && !r.Contains("build failed", StringComparison.Ordinal));
foreach (var tool in tools)
{
    var crashes = allCrashes.Where(c => tool.Owns(c.Analyzer)).ToList();
    var names = crashes.Select(c => $"{c.Analyzer.Split('.')[^1]} ({c.Exception.Split('.')[^1]}, {c.Project})").Distinct();
    report.AppendLine($"| {tool.Name} | {crashes.Count} | {projectsBuilt} | {(crashes.Count == 0 ? "–" : string.Join("; ", names))} |");
}

report.AppendLine().AppendLine("## Misses and false positives").AppendLine();
var missedWithTheSdk = new Score(withDeferred, allReported, allLabels, requestPathOnly: true).Missed.ToHashSet();
foreach (var tool in tools)
{
    var score = new Score(tool, allReported, allLabels, requestPathOnly: true);
    report.AppendLine($"### {tool.Name}").AppendLine();
    foreach (var missed in score.Missed)
    {
        var deferredTo = tool == tools[0] && !missedWithTheSdk.Contains(missed) ? " (reported by the SDK's MVC1000 in the same build: left to it)" : "";
        report.AppendLine($"- miss: {missed.Site} ({missed.Kind}) — {missed.Note}{deferredTo}");
    }

    foreach (var wrong in score.FalsePositives)
    {
        var label = allLabels.FirstOrDefault(l => l.Covers(wrong.Site));
        var why = label is null ? "no blocking call labelled there" : $"labelled off the request path: {label.Note}";
        report.AppendLine($"- false positive: {wrong.Site} {wrong.Id} — {why}");
    }

    report.AppendLine();
}

var output = Path.Combine(options.WorkDirectory, "accuracy.md");
File.WriteAllText(output, report.ToString());
Console.WriteLine();
Console.WriteLine(report.ToString());
Log("report written to " + output);

// Our own analyzers never throw: a crash silently drops findings, whatever the scores say.
var ours = allCrashes.Where(c => tools[0].Owns(c.Analyzer)).ToList();
if (ours.Count > 0)
{
    Console.Error.WriteLine($"BurstAnalyzers threw in {ours.Count} build(s) (AD0001): " + string.Join("; ", ours.Select(c => $"{c.Analyzer} {c.Exception} in {c.Project}")));
    return 3;
}

return 0;

(List<Reported> Reported, string Copy)? Build(CorpusEntry entry, string sources, string stage)
{
    var copy = Path.Combine(options.WorkDirectory, stage, entry.Name);
    var sarif = Path.Combine(options.WorkDirectory, stage, entry.Name + ".sarif");
    var targets = Path.Combine(options.WorkDirectory, stage, entry.Name + ".targets");
    if (stage == "run")
    {
        SourceTree.PrepareCopy(entry, sources, copy, targets);
    }

    if (Directory.Exists(sarif))
    {
        Directory.Delete(sarif, recursive: true);
    }

    Directory.CreateDirectory(sarif);
    File.WriteAllText(targets, CorpusTargets.Create(entry, tools, packages, globalConfig, sarif));
    Log($"  building ({stage})");
    var (code, buildOutput) = DotNet.Run(copy, "dotnet", "build", Path.Combine(copy, entry.Project), "-nologo", "-v:q", "-clp:NoSummary");
    File.WriteAllText(Path.Combine(options.WorkDirectory, stage, entry.Name + ".log"), buildOutput);
    if (code != 0)
    {
        Log($"  build failed: {CompileErrors(buildOutput)} compile errors");
        return null;
    }

    var reported = new List<Reported>();
    foreach (var log in Directory.EnumerateFiles(sarif, "*.sarif"))
    {
        reported.AddRange(Sarif.Read(log, copy));
    }

    foreach (var crash in AnalyzerCrash.Read(buildOutput, Path.GetDirectoryName(copy)!))
    {
        Log($"  AD0001 ({stage}): {crash.Analyzer} threw {crash.Exception} in {crash.Project}");
        allCrashes.Add(crash with { Project = stage + ": " + crash.Project });
    }

    return (reported, copy);
}

// Restores and compiles each project as the run would, with no analyzer: a new project is labelled only once this
// passes, and no tool has reported on it before its labels are committed.
int CompileOnly()
{
    var failed = 0;
    foreach (var entry in entries)
    {
        Log($"{entry.Name}: {entry.Repo} {entry.Project}");
        if (SourceTree.Obtain(entry, options, line => Log(line)) is not { } sources)
        {
            failed++;
            continue;
        }

        Directory.CreateDirectory(packages);
        var copy = Path.Combine(options.WorkDirectory, "compile", entry.Name);
        var targets = Path.Combine(options.WorkDirectory, "compile", entry.Name + ".targets");
        Directory.CreateDirectory(Path.GetDirectoryName(copy)!);
        SourceTree.PrepareCopy(entry, sources, copy, targets);
        File.WriteAllText(targets, CorpusTargets.Create(entry, Array.Empty<Tool>(), packages, "", "", runAnalyzers: false));
        var (code, output) = DotNet.Run(copy, "dotnet", "build", Path.Combine(copy, entry.Project), "-nologo", "-v:q", "-clp:NoSummary");
        var log = Path.Combine(options.WorkDirectory, "compile", entry.Name + ".log");
        File.WriteAllText(log, output);
        Log(code == 0 ? "  restores and compiles (no analyzer ran)" : $"  build failed: {CompileErrors(output)} compile errors, see {log}");
        failed += code == 0 ? 0 : 1;
    }

    return failed == 0 ? 0 : 1;
}

string FixAndRebuild(CorpusEntry entry, string sources, int before)
{
    var run = Path.Combine(options.WorkDirectory, "run", entry.Name);
    var fixedCopy = Path.Combine(options.WorkDirectory, "fixed", entry.Name);
    var targets = Path.Combine(options.WorkDirectory, "fixed", entry.Name + ".targets");
    Directory.CreateDirectory(Path.GetDirectoryName(fixedCopy)!);
    SourceTree.PrepareCopy(entry, sources, fixedCopy, targets);
    File.WriteAllText(targets, CorpusTargets.Create(entry, tools, packages, globalConfig, Path.Combine(options.WorkDirectory, "fixed", entry.Name + ".sarif")));
    var format = FormatWithFixes(entry, fixedCopy, Path.Combine(options.WorkDirectory, "fixed", entry.Name + ".format.log"));
    var seen = FormatSaw(format.Output);
    var changed = ChangedFiles(run, fixedCopy, Path.Combine(options.WorkDirectory, "fixed", entry.Name + ".diff"));
    var rebuilt = Build(entry, sources, "fixed");
    var log = File.ReadAllText(Path.Combine(options.WorkDirectory, "fixed", entry.Name + ".log"));
    int? after = rebuilt is null ? null : BurstDiagnostics(rebuilt.Value.Reported);
    Log($"  format exit {format.ExitCode}; saw {seen} of the build's {before} BURST diagnostics; {changed} files changed; {CompileErrors(log)} compile errors after; BURST {before} → {after}");

    // The second pass: the same dotnet format over the first pass's result, in its own copy (second-pass/{name}) so
    // the first pass's tree, SARIF and log stay as the columns above read them. The product's goal is that one Fix All
    // pass leaves no finding the fix could have converted: whatever this pass changes, the first pass left.
    const string second = "second-pass";
    var secondCopy = Path.Combine(options.WorkDirectory, second, entry.Name);
    var secondTargets = Path.Combine(options.WorkDirectory, second, entry.Name + ".targets");
    Directory.CreateDirectory(Path.GetDirectoryName(secondCopy)!);
    SourceTree.CopyPrepared(fixedCopy, targets, secondCopy, secondTargets);
    File.WriteAllText(secondTargets, CorpusTargets.Create(entry, tools, packages, globalConfig, Path.Combine(options.WorkDirectory, second, entry.Name + ".sarif")));
    var secondFormat = FormatWithFixes(entry, secondCopy, Path.Combine(options.WorkDirectory, "fixed", entry.Name + ".second.format.log"));
    var secondChanged = ChangedFiles(fixedCopy, secondCopy, Path.Combine(options.WorkDirectory, "fixed", entry.Name + ".second.diff"));
    var secondRebuilt = Build(entry, sources, second);
    var secondErrors = CompileErrors(File.ReadAllText(Path.Combine(options.WorkDirectory, second, entry.Name + ".log")));
    int? secondAfter = secondRebuilt is null ? null : BurstDiagnostics(secondRebuilt.Value.Reported);
    Log($"  second pass: format exit {secondFormat.ExitCode}; saw {FormatSaw(secondFormat.Output)} BURST diagnostics; {secondChanged} files changed; {secondErrors} compile errors after; BURST {after} → {secondAfter}");
    return $"| {entry.Name} | {seen} | {changed} | {CompileErrors(log)} | {before} → {(after is null ? "build failed" : after.ToString())} | {secondChanged} | {secondErrors} | {(secondAfter is null ? "build failed" : secondAfter.ToString())} |";
}

// Restores the copy and runs dotnet format with BurstAnalyzers' fixes over it, its log kept at formatLog: the one
// invocation both fix passes use, so the second pass measures what the same command left.
(int ExitCode, string Output) FormatWithFixes(CorpusEntry entry, string copy, string formatLog)
{
    var project = Path.Combine(copy, entry.Project);
    Log("  dotnet format analyzers with BURST001-005 fixes");
    DotNet.Run(copy, "dotnet", "restore", project);
    // Detailed verbosity: dotnet format then lists every diagnostic its workspace reports (which may differ from the
    // build's) and says when a fixer returned nothing ("didn't return a Fix All action"); kept beside the diff.
    var format = DotNet.Run(copy, "dotnet", "format", "analyzers", project, "--diagnostics", "BURST001", "BURST002", "BURST003", "BURST004", "BURST005", "--severity", "warn", "--no-restore", "-v", "d");
    File.WriteAllText(formatLog, format.Output);
    return format;
}

// The files a fix pass changed: the diff of the copy before it against the copy after it, kept for a reader (the
// project files differ only in the targets they import; bin and obj are build output).
int ChangedFiles(string before, string after, string diffFile)
{
    var diff = DotNet.Run(options.WorkDirectory, "diff", "-ru", "-x", "obj", "-x", "bin", "-x", "*.csproj", before, after);
    File.WriteAllText(diffFile, diff.Output);
    return Regex.Matches(diff.Output, "^diff -ru", RegexOptions.Multiline).Count;
}

// The BURST001-005 diagnostics dotnet format's workspace reported (its detailed log lists each once, as
// "path(line,col): warning BURST005: ..."): fewer than the build's means some findings were never offered to a fixer.
static int FormatSaw(string formatOutput)
    => Regex.Matches(formatOutput, @"^.*\(\d+,\d+\): (?:warning|error) BURST00[1-5]:.*$", RegexOptions.Multiline).Select(m => m.Value.Trim()).Distinct().Count();

static int BurstDiagnostics(IEnumerable<Reported> reported) => reported.Count(r => r.Id.StartsWith("BURST", StringComparison.Ordinal));

static int CompileErrors(string buildOutput)
    => Regex.Matches(buildOutput, @"error CS\d+", RegexOptions.None).Select(m => m.Index).Distinct().Count();

static Site Prefix(CorpusEntry entry, Site site) => new(entry.Name + "/" + site.File, site.Line);

void AppendTable(System.Text.StringBuilder text, List<Label> labels, bool requestPathOnly)
{
    text.AppendLine("| Tool (rules counted) | Reports | True | Precision | Sites found | Recall |").AppendLine("|---|---|---|---|---|---|");
    foreach (var tool in tools)
    {
        var score = new Score(tool, allReported, labels, requestPathOnly);
        text.AppendLine($"| {tool.Name} | {score.Reports} | {score.TruePositives} | {score.Precision:P0} | {score.Found} of {score.Positives} | {score.Recall:P0} |");
    }

    var deferred = new Score(withDeferred, allReported, labels, requestPathOnly);
    text.AppendLine($"| {withDeferred.Name} | {deferred.Reports} | {deferred.TruePositives} | {deferred.Precision:P0} | {deferred.Found} of {deferred.Positives} | {deferred.Recall:P0} |");
}
