using Xunit;

namespace BurstAnalyzers.Tests.LibraryScan;

/// <summary>
/// The library scan on Microsoft.EntityFrameworkCore (<see cref="PackageSet.EfCore"/>): change tracking generates key
/// values through <c>ValueGenerator.Next</c>, one of whose many implementations (HiLo's) waits when its block of ids runs
/// out; that dispatch depends on the model, so tracking an entity is not blocking (the two false positives on Blogifier).
/// </summary>
public sealed class EfCoreFactsTests
{
    private static PackageSet Set => PackageSet.EfCore;

    [Theory]
    [InlineData("M:Microsoft.EntityFrameworkCore.DbSet`1.Add(`0)")]
    [InlineData("M:Microsoft.EntityFrameworkCore.DbSet`1.Remove(`0)")]
    [InlineData("M:Microsoft.EntityFrameworkCore.DbSet`1.Update(`0)")]
    [InlineData("M:Microsoft.EntityFrameworkCore.DbSet`1.Attach(`0)")]
    [InlineData("M:Microsoft.EntityFrameworkCore.DbContext.Add``1(``0)")]
    [InlineData("M:Microsoft.EntityFrameworkCore.DbContext.Add(System.Object)")]
    [InlineData("M:Microsoft.EntityFrameworkCore.DbContext.Remove``1(``0)")]
    [InlineData("M:Microsoft.EntityFrameworkCore.DbContext.Remove(System.Object)")]
    [InlineData("M:Microsoft.EntityFrameworkCore.DbContext.Update``1(``0)")]
    [InlineData("M:Microsoft.EntityFrameworkCore.DbContext.Attach``1(``0)")]
    public void Tracking_an_entity_is_not_blocking(string id)
    {
        Assert.DoesNotContain("\tBURST", Set.Facts(id), System.StringComparison.Ordinal);
    }

    // HiLo's wait is on a semaphore it creates with a count of 1 and releases in a finally (a mutex): it waits while
    // another thread fetches the next block of ids (the fetch itself is a delegate the scan does not know), so the record
    // says it blocks when contended.
    [Fact]
    public void The_generator_that_waits_is_still_reported_and_SaveChanges_is_not_reached()
    {
        Assert.Equal(
            "M:Microsoft.EntityFrameworkCore.ValueGeneration.HiLoValueGenerator`1.Next(Microsoft.EntityFrameworkCore.ChangeTracking.EntityEntry)\tBURST004\t2\t\t0,0,0,0\tHiLoValueGenerator.Next → HiLoValueGeneratorState.Next → SemaphoreSlim.Wait\n"
                + "contended\tM:Microsoft.EntityFrameworkCore.ValueGeneration.HiLoValueGenerator`1.Next(Microsoft.EntityFrameworkCore.ChangeTracking.EntityEntry)",
            Set.Facts("M:Microsoft.EntityFrameworkCore.ValueGeneration.HiLoValueGenerator`1.Next(Microsoft.EntityFrameworkCore.ChangeTracking.EntityEntry)"));

        // SaveChanges does its I/O in the provider's IDatabase.SaveChanges (Microsoft.EntityFrameworkCore.Relational,
        // not in this set; an implementation in an assembly that references the interface's is not followed either), and
        // Find runs a query through IQueryProvider: neither is reported (the analyzer's name rule covers both).
        Assert.Equal(string.Empty, Set.Facts("M:Microsoft.EntityFrameworkCore.DbContext.SaveChanges"));
        Assert.Equal(string.Empty, Set.Facts("M:Microsoft.EntityFrameworkCore.DbSet`1.Find(System.Object[])"));
    }
}
