using System.Linq;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>
/// A generic base class's call through a construction over its own type parameters carries an id each deriving class
/// closes with the arguments it derives with; any other type parameter (a method's, another class's) leaves no id.
/// </summary>
public class ServiceConstructionsTests
{
    private const string Source = """
        using System.Collections.Generic;

        public interface IRepository<T> { }
        public interface IMap<TKey, TValue> { }
        public class Customer { }
        public class Order { }

        public abstract class Crud<TEntity, TKey>
        {
            public IRepository<TEntity> Plain;
            public IMap<TKey, List<TEntity[]>> Nested;
            public IRepository<Customer> Closed;
            public IRepository<TEntity> Method<TOther>(IRepository<TOther> other) => null;
            public class Inner { public IRepository<TEntity> Outer; }
        }

        public class Other<T> { public IRepository<T> Field; }

        public class Customers : Crud<Customer, int> { }
        public class Orders : Crud<Order[], string> { }
        public class Open<T> : Crud<T, int> { }
        public class ClosesOpen : Open<Customer> { }
        """;

    private static readonly Compilation Compilation = CSharpCompilation.Create(
        "Shop",
        new[] { CSharpSyntaxTree.ParseText(Source) },
        new[] { MetadataReference.CreateFromFile(typeof(object).Assembly.Location), MetadataReference.CreateFromFile(typeof(System.Collections.Generic.List<>).Assembly.Location) },
        new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));

    [Theory]
    [InlineData("Plain", "Customers", "T:IRepository{Customer}")]
    [InlineData("Plain", "Orders", "T:IRepository{Order[]}")]
    [InlineData("Nested", "Customers", "T:IMap{System.Int32,System.Collections.Generic.List{Customer[]}}")]
    [InlineData("Nested", "Orders", "T:IMap{System.String,System.Collections.Generic.List{Order[][]}}")]
    public void AConstructionOverTheBasesTypeParameters_IsClosedByEachDerivingClass(string field, string derived, string expected)
    {
        var crud = Type("Crud");
        var construction = ServiceConstructions.OverTypeParametersOf(FieldType(crud, field));

        Assert.NotNull(construction);
        Assert.True(ServiceConstructions.IsOverTypeParameters(construction!));
        var closed = ServiceConstructions.Substitute(construction!, Type(derived).BaseType!);
        Assert.Equal(expected, closed);
        Assert.False(ServiceConstructions.IsOverTypeParameters(closed!));
    }

    [Fact]
    public void OtherConstructions_HaveNoIdOverTypeParameters_OrNoneADerivingClassCloses()
    {
        var crud = Type("Crud");

        // Closed already (IdOf names it); a method's type parameter.
        Assert.Null(ServiceConstructions.OverTypeParametersOf(FieldType(crud, "Closed")));
        Assert.Null(ServiceConstructions.OverTypeParametersOf((INamedTypeSymbol)crud.GetMembers("Method").OfType<IMethodSymbol>().Single().Parameters[0].Type));

        // A nested class's use of its outer class's parameter names the outer class: only the outer's construction closes it.
        var inner = ServiceConstructions.OverTypeParametersOf(FieldType(crud.GetTypeMembers("Inner").Single(), "Outer"));
        Assert.Equal("T:IRepository{T:Crud`2:`0}", inner);
        Assert.Null(ServiceConstructions.Substitute(inner!, Type("Customers").BaseType!.GetTypeMembers("Inner").Single()));

        // Another class's parameter is not the base's to close; a deriving class still open closes nothing.
        var other = ServiceConstructions.OverTypeParametersOf(FieldType(Type("Other"), "Field"));
        Assert.Equal("T:IRepository{T:Other`1:`0}", other);
        Assert.Null(ServiceConstructions.Substitute(other!, Type("Customers").BaseType!));
        Assert.Null(ServiceConstructions.Substitute(ServiceConstructions.OverTypeParametersOf(FieldType(crud, "Plain"))!, Type("Open").BaseType!));

        // Unless it is asked over that class's own parameters, for the classes deriving from it to close.
        var overOpen = ServiceConstructions.Substitute(ServiceConstructions.OverTypeParametersOf(FieldType(crud, "Plain"))!, Type("Open").BaseType!, over: Type("Open"));
        Assert.Equal("T:IRepository{T:Open`1:`0}", overOpen);
        Assert.Equal("T:IRepository{Customer}", ServiceConstructions.Substitute(overOpen!, Type("ClosesOpen").BaseType!));
        Assert.Null(ServiceConstructions.Substitute(other!, Type("Customers").BaseType!, over: Type("Open")));
    }

    private static INamedTypeSymbol Type(string name) => Compilation.GlobalNamespace.GetTypeMembers(name).Single();

    private static INamedTypeSymbol FieldType(INamedTypeSymbol type, string name) => (INamedTypeSymbol)type.GetMembers(name).OfType<IFieldSymbol>().Single().Type;
}
