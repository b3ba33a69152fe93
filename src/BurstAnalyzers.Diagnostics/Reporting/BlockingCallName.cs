namespace BurstAnalyzers.Diagnostics.Reporting;

/// <summary>
/// The public member a frame of the task library's wait stands for. Optimized code (every Release build) inlines the
/// small public entry points into their caller, and the stack then shows the internal method they forward to: an
/// application's <c>GetAwaiter().GetResult()</c> appears as <c>TaskAwaiter.HandleNonSuccessAndDebuggerNotification</c>.
/// A report names what the developer wrote. Which awaiter called it (<c>TaskAwaiter</c> or <c>TaskAwaiter`1</c>) is not
/// on the stack any more; the non-generic name stands for both.
/// </summary>
internal static class BlockingCallName
{
    public static string Public(string frame) => frame switch
    {
        "System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification"
            or "System.Runtime.CompilerServices.TaskAwaiter.ValidateEnd" => "System.Runtime.CompilerServices.TaskAwaiter.GetResult",
        "System.Threading.Tasks.Task`1.GetResultCore" => "System.Threading.Tasks.Task`1.get_Result",
        "System.Threading.Tasks.Task.InternalWait" or "System.Threading.Tasks.Task.InternalWaitCore" => "System.Threading.Tasks.Task.Wait",
        _ => frame,
    };
}
