using System;

namespace BurstAnalyzers.CallGraph;

/// <summary>Which accessors a property reference runs.</summary>
[Flags]
internal enum PropertyAccessors
{
    None = 0,
    Get = 1,
    Set = 2,
}
