using Xunit;

// Burst tests measure how long blocking operations take on a 2-core machine; tests running beside them would distort
// the figures. Every test is short, so one at a time costs little.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
