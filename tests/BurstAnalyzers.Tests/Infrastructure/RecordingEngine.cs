using System.Collections;
using System.Collections.Generic;
using Microsoft.Build.Framework;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>An MSBuild engine for running the package's tasks directly: it keeps what they log.</summary>
internal sealed class RecordingEngine : IBuildEngine
{
    public List<string> Errors { get; } = new();

    public List<BuildWarningEventArgs> Warnings { get; } = new();

    public List<string> Messages { get; } = new();

    /// <summary>The messages with their importance.</summary>
    public List<(MessageImportance Importance, string Text)> MessageEvents { get; } = new();

    public bool ContinueOnError => false;

    public int LineNumberOfTaskNode => 0;

    public int ColumnNumberOfTaskNode => 0;

    public string ProjectFileOfTaskNode => "test.csproj";

    public void LogErrorEvent(BuildErrorEventArgs e) => Errors.Add(e.Message ?? "");

    public void LogWarningEvent(BuildWarningEventArgs e) => Warnings.Add(e);

    public void LogMessageEvent(BuildMessageEventArgs e)
    {
        Messages.Add(e.Message ?? "");
        MessageEvents.Add((e.Importance, e.Message ?? ""));
    }

    public void LogCustomEvent(CustomBuildEventArgs e)
    {
    }

    public bool BuildProjectFile(string projectFileName, string[] targetNames, IDictionary globalProperties, IDictionary targetOutputs) => false;
}
