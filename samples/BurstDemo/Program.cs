using BurstDemo;
using BurstDemo.Infrastructure;

// Exit codes: 0 done, 1 a build, a server or requests failed, 2 bad options (see DemoOptions.WriteHelp).
DemoOptions options;
try
{
    options = DemoOptions.Parse(args);
}
catch (ArgumentException e)
{
    Console.Error.WriteLine(e.Message);
    return 2;
}
catch (DemoFailure e)
{
    Console.Error.WriteLine(e.Message);
    return 1;
}

if (options.ShowHelp)
{
    DemoOptions.WriteHelp(Console.Out);
    return 0;
}

try
{
    if (options.PackOnly is { } packages)
    {
        LocalPackages.EnsureCurrent(Console.Out, packages);
        return 0;
    }

    LocalPackages.EnsureCurrent(Console.Out, LocalPackages.BurstDemoPackages);
    var commandLine = "dotnet run -c Release --project samples/BurstDemo -- " + string.Join(' ', args);
    return await new DemoRunner(options, commandLine.TrimEnd(), Console.Out).RunAsync(CancellationToken.None);
}
catch (DemoFailure e)
{
    Console.Out.Flush();
    Console.Error.WriteLine();
    Console.Error.WriteLine("Burst demo failed: " + e.Message);
    return 1;
}
