namespace BurstDemo.Infrastructure;

/// <summary>
/// A failure the demo explains in one message and exits non-zero for: a missing package, a failed build, a server that
/// does not start. Thrown instead of returning error codes through every layer; Program prints only the message.
/// </summary>
internal sealed class DemoFailure(string message, Exception? inner = null) : Exception(message, inner);
