using Xunit;

// The tests starve and grow this process's thread pool on purpose; one at a time, or they would see each other's bursts.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
