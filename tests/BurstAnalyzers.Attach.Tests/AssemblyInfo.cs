using Xunit;

// The tests starve child processes on purpose and attach to them by id and by name: one at a time, or a burst would
// share the cores with another test's, and a name would match two children.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
