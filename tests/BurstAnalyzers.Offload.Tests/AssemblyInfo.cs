using Xunit;

// Several tests measure how long bursts of blocking work take; on a 2-core machine, other tests running beside them
// would distort those figures. Every test here is short, so running them one at a time costs little.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
