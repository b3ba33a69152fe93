namespace BurstAnalyzers.AsyncConversion;

/// <summary>What making a method, local function or lambda async does to its declaration.</summary>
internal enum SignatureChange
{
    /// <summary>Already async and Task-like: only the body changes.</summary>
    None,

    /// <summary><c>void</c> (or <c>async void</c>) becomes <c>async Task</c>; never async void. Callers must await.</summary>
    VoidToTask,

    /// <summary><c>T</c> becomes <c>async Task&lt;T&gt;</c>; <c>return value;</c> stays valid. Callers must await.</summary>
    ValueToTaskOfT,

    /// <summary>Already returns a Task-like type but is not async: gains <c>async</c> and its returns are unwrapped
    /// (<c>return Task.FromResult(x)</c> becomes <c>return x</c>). The signature, and so every caller, is unchanged.</summary>
    AddAsync,

    /// <summary>A lambda handed to a minimal API endpoint (a Delegate parameter): gains <c>async</c>; the framework
    /// accepts the Task-returning delegate it becomes.</summary>
    AsyncLambda,
}
