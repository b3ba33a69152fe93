namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>The projects the layered tests of dependency injection share: the domain's interface, and an
/// infrastructure library with a blocking store (its <c>Thread.Sleep</c> at line 9, column 13) and a cached one.</summary>
internal static class OrderStoreSources
{
    public const string Domain = """
        namespace Shop.Domain
        {
            public interface IOrderStore
            {
                string Load(int id);
            }
        }
        """;

    public const string Stores = """
        using Shop.Domain;

        namespace Shop.Infrastructure
        {
            public class SqlOrderStore : IOrderStore
            {
                public string Load(int id)
                {
                    System.Threading.Thread.Sleep(10);
                    return "sql";
                }
            }

            public class CachedOrderStore : IOrderStore
            {
                public string Load(int id) => "cached";
            }
        }
        """;
}
