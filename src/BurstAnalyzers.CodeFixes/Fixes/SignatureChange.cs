namespace BurstAnalyzers.Fixes;

/// <summary>What making a method async does to its declared return type.</summary>
internal enum SignatureChange
{
    /// <summary>Already async and Task-like: only the body changes.</summary>
    None,

    /// <summary><c>void</c> (or <c>async void</c>) becomes <c>async Task</c>; never async void.</summary>
    VoidToTask,

    /// <summary><c>T</c> becomes <c>async Task&lt;T&gt;</c>; <c>return value;</c> statements stay valid.</summary>
    ValueToTaskOfT,
}
