using System.Linq;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.CrossProject;
using BurstAnalyzers.FactsFiles;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// The chains file a class library's build writes from the compiler's SARIF log (BURST904 notes' property lines), as
/// the projects above read it: a chain survives the trip whatever its file path or text holds, and anything else in the
/// file is skipped, never misread.
/// </summary>
public class ChainsFileTests
{
    private static readonly CarriedChain Chain = new(
        "M:Shop.Data.OrderFiles.ReadAll",
        "BURST003",
        2,
        "[Shop.Data] OrderFiles.ReadAll \u2192 OrderFiles.Load \u2192 File.ReadAllLines",
        @"C:\src\Shop Data\Order;Files.cs",
        new LinePositionSpan(new LinePosition(7, 60), new LinePosition(7, 84)));

    [Fact]
    public void AChainWithAWindowsPathAndArrows_ReadsBackUnchanged()
    {
        var file = Read($"      \"BurstAnalyzers.CarriedChain\": \"{ChainsFile.Encode(Chain)}\"\n");

        var read = file.Get("M:Shop.Data.OrderFiles.ReadAll");
        Assert.NotNull(read);
        Assert.Equal(
            (Chain.MethodId, Chain.Rule, Chain.Depth, Chain.Text, Chain.Path, Chain.Span),
            (read.MethodId, read.Rule, read.Depth, read.Text, read.Path, read.Span));
        Assert.True(file.MayHave("ReadAll"));
        Assert.False(file.MayHave("Append"));
    }

    [Theory]
    [InlineData("\"BurstAnalyzers.CarriedChain\": \"{0}\",")]                  // SARIF 2.1 as the build file leaves it (indent trimmed)
    [InlineData("            \"BurstAnalyzers.CarriedChain\" :\"{0}\"")]       // other spacing, no comma
    [InlineData("\"BurstAnalyzers.CarriedChain\": \"{1}\"")]                   // a writer that escapes the slash: "\/"
    public void ThePropertyLine_IsReadHoweverTheLogSpacesOrEscapesIt(string format)
    {
        var encoded = ChainsFile.Encode(Chain);
        var line = string.Format(format, encoded, encoded.Replace("/", "\\/"));

        Assert.Equal(encoded, ChainsFile.PayloadOf(line));
        Assert.NotNull(Read(line).Get(Chain.MethodId));
    }

    [Theory]
    [InlineData("\"BaselineIdentity\": \"OrdersController.Get | File.ReadAllLines\"")] // another property
    [InlineData("\"text\": \"BurstAnalyzers.CarriedChain\"")]                                  // the key as a value
    [InlineData("\"BurstAnalyzers.CarriedChain\": \"not base64!\"")]                           // damaged
    [InlineData("\"BurstAnalyzers.CarriedChain\": \"TTpTaG9w")]                                 // cut off: no closing quote
    [InlineData("\"BurstAnalyzers.CarriedChain\": \"TTpTaG9wLkRhdGE=\"")]                      // base64 of something else
    [InlineData("")]
    public void AnythingElse_IsSkipped(string line)
    {
        var file = Read(line + "\n" + $"\"BurstAnalyzers.CarriedChain\": \"{ChainsFile.Encode(Chain)}\"");

        Assert.NotNull(file.Get(Chain.MethodId));
        Assert.Null(file.Get("M:Shop.Data"));
    }

    [Theory]
    [InlineData("/repo/Shop.Data/bin/Debug/net10.0/Shop.Data.burstchains", "Shop.Data")]
    [InlineData(@"C:\repo\Shop.Data\bin\Debug\net48\Shop.Data.BURSTCHAINS", "Shop.Data")]
    [InlineData("/repo/.burstchains", null)]
    [InlineData("/repo/BurstAnalyzers.baseline.txt", null)]
    public void TheFileNamesTheAssemblyItCarriesChainsFor(string path, string? assembly)
        => Assert.Equal(assembly, ChainsFile.AssemblyNameOf(new InMemoryAdditionalText(path, "")));

    /// <summary>A registration carries the name of the file that makes it (a message names it), the method that makes
    /// it (a project above reports its call there) and the closed construction a per-entity one binds; one written before
    /// them, without them, still binds; a name that would break the record's fields is kept whole, its tab a space; a
    /// fifth field that is no method id, or a field after the construction, is a later writer's, skipped.</summary>
    [Fact]
    public void ARegistrationCarriesItsFileAndMethod_AndOneWithoutStillBinds()
    {
        var file = Read(string.Join(
            "\n",
            $"\"BurstAnalyzers.CarriedChain\": \"{ChainsFile.Encode(ChainsFile.BindRecordOf("T:Shop.IOrderStore", "T:Shop.SqlOrderStore", "DependencyInjection.cs", "M:Shop.DependencyInjection.AddInfrastructure(Microsoft.Extensions.DependencyInjection.IServiceCollection)"))}\"",
            $"\"BurstAnalyzers.CarriedChain\": \"{ChainsFile.Encode("bind\tT:Shop.IClock\tT:Shop.SystemClock")}\"",
            $"\"BurstAnalyzers.CarriedChain\": \"{ChainsFile.Encode(ChainsFile.BindRecordOf("T:Shop.IMailer", "T:Shop.SmtpMailer", "Odd\tname.cs", ""))}\"",
            $"\"BurstAnalyzers.CarriedChain\": \"{ChainsFile.Encode("bind\tT:Shop.ICache\tT:Shop.RedisCache\tCache.cs\tlater")}\"",
            $"\"BurstAnalyzers.CarriedChain\": \"{ChainsFile.Encode(ChainsFile.BindRecordOf("T:Shop.IRepository`1", "T:Shop.SqlRepository`1", "Data.cs", "", "T:Shop.IRepository{Shop.Order}"))}\"",
            $"\"BurstAnalyzers.CarriedChain\": \"{ChainsFile.Encode("bind\tT:Shop.IRepository`1\tT:Shop.FileRepository`1\tData.cs\t\tT:Shop.IRepository{Shop.Customer}\tlater")}\""));

        Assert.Equal(
            new[]
            {
                ("T:Shop.IOrderStore", "T:Shop.SqlOrderStore", "DependencyInjection.cs", "M:Shop.DependencyInjection.AddInfrastructure(Microsoft.Extensions.DependencyInjection.IServiceCollection)", ""),
                ("T:Shop.IClock", "T:Shop.SystemClock", "", "", ""),
                ("T:Shop.IMailer", "T:Shop.SmtpMailer", "Odd name.cs", "", ""),
                ("T:Shop.ICache", "T:Shop.RedisCache", "Cache.cs", "", ""),
                ("T:Shop.IRepository`1", "T:Shop.SqlRepository`1", "Data.cs", "", "T:Shop.IRepository{Shop.Order}"),
                ("T:Shop.IRepository`1", "T:Shop.FileRepository`1", "Data.cs", "", "T:Shop.IRepository{Shop.Customer}"),
            },
            file.Bindings.ToArray());
    }

    /// <summary>An open call carries the closed construction its member was called through
    /// (<c>IRepository&lt;Customer&gt;</c>), written last and only when there is one, so a record without it is the format
    /// an older reader knows and reads with none; a field after it is a later writer's, skipped; a last field that is no
    /// type id drops the record rather than misread it.</summary>
    [Fact]
    public void AnOpenCallCarriesItsConstruction_AndOneWithoutReadsWithNone()
    {
        var span = new LinePositionSpan(new LinePosition(7, 37), new LinePosition(7, 53));
        var through = new OpenItem("M:Shop.Api.CustomersController.Get(System.Int32)", OpenKind.Call, "M:Shop.Domain.IRepository`1.Get(System.Int32)", 1, "[Shop.Api] CustomersController.Get", "", "/src/Api.cs", span, "T:Shop.Domain.IRepository{Shop.Domain.Customer}");
        var without = new OpenItem("M:Shop.Api.OrdersController.Get(System.Int32)", OpenKind.Call, "M:Shop.Domain.IOrderStore.Load(System.Int32)", 1, "[Shop.Api] OrdersController.Get", "", "/src/Api.cs", span);
        Assert.Equal(9, without.Format().Split('\t').Length);
        var file = Read(string.Join(
            "\n",
            $"\"BurstAnalyzers.CarriedChain\": \"{ChainsFile.Encode(through.Format())}\"",
            $"\"BurstAnalyzers.CarriedChain\": \"{ChainsFile.Encode(without.Format())}\"",
            $"\"BurstAnalyzers.CarriedChain\": \"{ChainsFile.Encode(through.Format().Replace("CustomersController", "ArchiveController") + "\tlater")}\"",
            $"\"BurstAnalyzers.CarriedChain\": \"{ChainsFile.Encode(without.Format().Replace("OrdersController", "BrokenController") + "\tIRepository<Order>")}\""));

        Assert.Equal(
            ("M:Shop.Domain.IRepository`1.Get(System.Int32)", "[Shop.Api] CustomersController.Get", span, "T:Shop.Domain.IRepository{Shop.Domain.Customer}"),
            file.OpenItemsOf("M:Shop.Api.CustomersController.Get(System.Int32)").Select(item => (item.TargetId, item.Text, item.Span, item.Construction)).Single());
        Assert.Equal("", file.OpenItemsOf("M:Shop.Api.OrdersController.Get(System.Int32)").Single().Construction);
        Assert.Equal("T:Shop.Domain.IRepository{Shop.Domain.Customer}", file.OpenItemsOf("M:Shop.Api.ArchiveController.Get(System.Int32)").Single().Construction);
        Assert.Empty(file.OpenItemsOf("M:Shop.Api.BrokenController.Get(System.Int32)"));
    }

    private static ChainsFile Read(string text)
        => ChainsFile.Read(new InMemoryAdditionalText("/repo/bin/Shop.Data.burstchains", text), default);
}
