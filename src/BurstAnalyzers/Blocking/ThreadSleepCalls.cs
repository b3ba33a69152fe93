using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>BURST001: Thread.Sleep, both overloads.</summary>
internal sealed class ThreadSleepCalls
{
    private readonly CoreLibraryTypes _types;

    public ThreadSleepCalls(CoreLibraryTypes types) => _types = types;

    /// <summary>Every method name <see cref="Match"/> accepts (for <see cref="BlockingCatalog"/>'s name filter).</summary>
    public static readonly string[] Names = { "Sleep" };

    public BlockingCall? Match(IInvocationOperation invocation)
    {
        var target = invocation.TargetMethod;
        return target.Name == "Sleep" && CoreLibraryTypes.Is(target.ContainingType, _types.Thread) && !ZeroTimeout.IsTry(invocation, _types)
            ? new BlockingCall(RuleDescriptors.ThreadSleep, invocation, "Thread.Sleep", "await Task.Delay")
            : null;
    }
}
