using System;
using System.Collections.Generic;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// Precision for BURST003: APIs whose "...Async" twin exists for another reason than I/O, so pairing the names would
/// report code that never waits for a device. Each entry says why. A type listed without methods is exempt whole.
/// Matched on the called method's type, its bases and, for interface calls, the interface itself.
/// </summary>
internal sealed class NotIoTwins
{
    private static readonly Entry[] s_entries =
    {
        // EF Core: AddAsync exists only for value generators that may need the database (HiLo sequences); Add and
        // AddRange only start tracking the entity. SaveChanges, not Add, writes.
        new("Microsoft.EntityFrameworkCore.DbSet`1", "Add", "AddRange"),
        new("Microsoft.EntityFrameworkCore.DbContext", "Add", "AddRange"),

        // EF Core: CreateDbContextAsync is for factories with async set-up; the built-in factories create the context
        // in memory and open no connection.
        new("Microsoft.EntityFrameworkCore.IDbContextFactory`1", "CreateDbContext"),

        // EF Core value generators: NextAsync is for generators that may query; the built-in ones (Guid, temporary
        // values) compute in memory. A HiLo generator is reached through Add, which is exempt above for the same reason.
        // (NextValue needs no entry: its twin NextValueAsync is protected, and only public twins are counterparts.)
        new("Microsoft.EntityFrameworkCore.ValueGeneration.ValueGenerator", "Next"),

        // FluentValidation: ValidateAsync is needed only for rules with async predicates; Validate runs the
        // synchronous rules in memory (and throws if a rule is async, so it cannot block on one).
        new("FluentValidation.IValidator", "Validate"),
        new("FluentValidation.IValidator`1", "Validate"),
        new("FluentValidation.AbstractValidator`1", "Validate"),
        new("FluentValidation.DefaultValidatorExtensions", "Validate"),

        // XmlReader/XmlWriter: their ...Async methods throw unless the reader was created with Async = true; the
        // remedy is a different construction, not a different call. Streams underneath are judged where they are read.
        new("System.Xml.XmlReader"),
        new("System.Xml.XmlWriter"),

        // In-memory caches: GetOrCreateAsync exists to run an async factory, not because the cache does I/O. (IMemoryCache
        // itself needs no entry: none of its members has an ...Async twin; the pairs are these extensions.)
        new("Microsoft.Extensions.Caching.Memory.CacheExtensions"),

        // The in-memory IDistributedCache: its ...Async methods complete synchronously. (Other distributed caches,
        // Redis or SQL Server, do I/O and stay reported.)
        new("Microsoft.Extensions.Caching.Distributed.MemoryDistributedCache"),

        // Razor layouts: RenderSection renders the view's own @section block into the page's buffer; RenderSectionAsync
        // is there for sections that await, and the SDK's templates and its own analyzer (MVC1000 covers only
        // Html.Partial) use the synchronous form. A blocking call inside a section is the view's, reported there.
        new("Microsoft.AspNetCore.Mvc.Razor.RazorPage", "RenderSection"),

        // Tag helpers: the base Process does nothing and the base ProcessAsync calls Process; the pair is the framework's
        // two ways to write a tag helper, not an I/O alternative (an override calling base.Process is routine).
        new("Microsoft.AspNetCore.Razor.TagHelpers.TagHelper", "Process"),
        new("Microsoft.AspNetCore.Razor.TagHelpers.TagHelperComponent", "Process"),

        // MVC input formatters: InputFormatterResult's Success, Failure and NoValue build the result in memory; their
        // ...Async twins only wrap it in a completed Task for a ReadRequestBodyAsync that has nothing to await. (Found
        // by issue 36's formatter fix test: 'return Task.FromResult(InputFormatterResult.NoValue())' became a warning.)
        new("Microsoft.AspNetCore.Mvc.Formatters.InputFormatterResult", "Success", "Failure", "NoValue"),

        // ADO.NET data readers: IsDBNullAsync and GetFieldValueAsync exist for CommandBehavior.SequentialAccess, where a
        // column is read off the network on demand; with the default behaviour ReadAsync brought in the whole row and the
        // synchronous reads touch memory (the library scan says the same of every provider's column reads:
        // FrameworkAssemblies.ReadsCurrentRow). Read and NextResult, which fetch rows, stay reported.
        new("System.Data.Common.DbDataReader", "IsDBNull", "GetFieldValue"),

        // AngleSharp: parsing markup already in memory (a string, characters) is CPU work; the ...Async forms exist for
        // stream sources. A stream may be a file or a socket, so a Stream argument keeps the call reported.
        new("AngleSharp.Html.Parser.HtmlParser", StreamArgument.DoesIo, "ParseDocument", "ParseFragment"),
        new("AngleSharp.Html.Parser.IHtmlParser", StreamArgument.DoesIo, "ParseDocument", "ParseFragment"),
    };

    private enum StreamArgument
    {
        /// <summary>The twin is no I/O alternative whatever the arguments.</summary>
        Any,

        /// <summary>Only when no argument is a <c>Stream</c>: reading one may wait for a device.</summary>
        DoesIo,
    }

    private readonly Dictionary<INamedTypeSymbol, HashSet<string>?> _byType = new(SymbolEqualityComparer.Default);
    private readonly HashSet<INamedTypeSymbol> _streamsDoIo = new(SymbolEqualityComparer.Default);
    private readonly INamedTypeSymbol? _stream;

    public NotIoTwins(Compilation compilation)
    {
        var wellKnown = WellKnownTypes.For(compilation);
        foreach (var entry in s_entries)
        {
            if (wellKnown.Get(entry.Type) is { } type)
            {
                _byType[type] = entry.Methods.Length == 0 ? null : new HashSet<string>(entry.Methods, StringComparer.Ordinal);
                if (entry.Streams == StreamArgument.DoesIo)
                {
                    _streamsDoIo.Add(type);
                }
            }
        }

        if (_streamsDoIo.Count > 0)
        {
            _stream = wellKnown.Get(WellKnownTypeNames.SystemIOStream);
        }
    }

    /// <summary>True when <paramref name="method"/>'s async twin is not an I/O alternative.</summary>
    public bool Contains(IMethodSymbol method)
    {
        // Stryker disable once Boolean,Block : XmlReader is in every reference set, so the set is never empty
        if (_byType.Count == 0)
        {
            return false;
        }

        // Stryker disable once NullCoalescing : an invocation's target method is never the reduced form of an extension
        var definition = method.ReducedFrom ?? method;
        for (var type = definition.ContainingType; type is not null; type = type.BaseType)
        {
            if (Lists(type, definition.Name))
            {
                return !_streamsDoIo.Contains(type.OriginalDefinition) || !TakesStream(definition);
            }
        }

        return false;
    }

    private bool TakesStream(IMethodSymbol method)
    {
        foreach (var parameter in method.Parameters)
        {
            if (parameter.Type.IsOrDerivesFrom(_stream))
            {
                return true;
            }
        }

        return false;
    }

    private bool Lists(INamedTypeSymbol type, string name)
        => _byType.TryGetValue(type.OriginalDefinition, out var methods) && (methods is null || methods.Contains(name));

    private readonly struct Entry
    {
        public Entry(string type, params string[] methods)
            : this(type, StreamArgument.Any, methods)
        {
        }

        public Entry(string type, StreamArgument streams, params string[] methods)
        {
            Type = type;
            Streams = streams;
            Methods = methods;
        }

        public string Type { get; }

        public StreamArgument Streams { get; }

        public string[] Methods { get; }
    }
}
