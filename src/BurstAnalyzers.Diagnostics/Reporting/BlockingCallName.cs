namespace BurstAnalyzers.Diagnostics.Reporting;

/// <summary>
/// The public member a frame of the task library's wait stands for. Optimized code (every Release build) inlines the
/// small public entry points into their caller, and the stack then shows the internal method they forward to: an
/// application's <c>GetAwaiter().GetResult()</c> appears as <c>TaskAwaiter.HandleNonSuccessAndDebuggerNotification</c>.
/// A report names what the developer wrote: the member the caller's IL calls when it can be read (see
/// <see cref="OwnWait"/>), else the one this maps the frame to. Which awaiter called
/// <c>HandleNonSuccessAndDebuggerNotification</c> (<c>TaskAwaiter</c>, <c>TaskAwaiter`1</c>, a configured one) is not on
/// the stack any more; the non-generic name stands for all.
/// </summary>
internal static class BlockingCallName
{
    public static string Public(string frame) => frame switch
    {
        "System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification"
            or "System.Runtime.CompilerServices.TaskAwaiter.ValidateEnd" => "System.Runtime.CompilerServices.TaskAwaiter.GetResult",
        "System.Threading.Tasks.Task`1.GetResultCore" => "System.Threading.Tasks.Task`1.get_Result",
        // What both Task<T>.Result and Task.Wait forward to: with the caller's IL out of reach (generated code), either.
        "System.Threading.Tasks.Task.InternalWait" or "System.Threading.Tasks.Task.InternalWaitCore" => "System.Threading.Tasks.Task`1.get_Result or Task.Wait",
        _ => frame,
    };
}
