using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;

namespace BurstAnalyzers.BuildTasks.LibraryScan;

/// <summary>
/// One implementation assembly of the scanned set, opened for its metadata: name, MVID and the assemblies it references
/// are read at once (the cache key needs nothing more); method bodies only when the scan asks for them.
/// </summary>
internal sealed class LibraryAssembly : IDisposable
{
    private readonly PEReader _pe;

    private LibraryAssembly(string path, PEReader pe, MetadataReader metadata)
    {
        Path = path;
        _pe = pe;
        Metadata = metadata;
        Name = metadata.GetString(metadata.GetAssemblyDefinition().Name);
        Mvid = metadata.GetGuid(metadata.GetModuleDefinition().Mvid);
        var references = new List<string>();
        foreach (var handle in metadata.AssemblyReferences)
        {
            references.Add(metadata.GetString(metadata.GetAssemblyReference(handle).Name));
        }

        References = references;
    }

    public string Path { get; }

    /// <summary>The simple name: "StackExchange.Redis".</summary>
    public string Name { get; }

    public Guid Mvid { get; }

    /// <summary>Simple names of every assembly this one references (framework ones included).</summary>
    public IReadOnlyList<string> References { get; }

    public MetadataReader Metadata { get; }

    /// <summary>The IL of a method, or null for one without a body (abstract, extern, runtime-implemented).</summary>
    public MethodBodyBlock? BodyOf(MethodDefinition method)
        => method.RelativeVirtualAddress == 0 ? null : _pe.GetMethodBody(method.RelativeVirtualAddress);

    /// <summary>The assembly at <paramref name="index"/> of <paramref name="set"/> and every assembly of the set it references,
    /// directly or not (by index): what its facts depend on.</summary>
    public static HashSet<int> ClosureOf(IReadOnlyList<LibraryAssembly> set, IReadOnlyDictionary<string, int> byName, int index)
    {
        var closure = new HashSet<int> { index };
        var stack = new Stack<int>();
        stack.Push(index);
        while (stack.Count > 0)
        {
            foreach (var reference in set[stack.Pop()].References)
            {
                if (byName.TryGetValue(reference, out var r) && closure.Add(r))
                {
                    stack.Push(r);
                }
            }
        }

        return closure;
    }

    /// <summary>The assembly at <paramref name="path"/>, or null (with the reason) when it is no readable .NET assembly.</summary>
    public static LibraryAssembly? TryOpen(string path, out string? problem)
    {
        FileStream? stream = null;
        PEReader? pe = null;
        try
        {
            stream = File.OpenRead(path);
            pe = new PEReader(stream);
            if (!pe.HasMetadata)
            {
                problem = "no .NET metadata";
                pe.Dispose();
                return null;
            }

            var metadata = pe.GetMetadataReader();
            if (!metadata.IsAssembly)
            {
                problem = "a module, not an assembly";
                pe.Dispose();
                return null;
            }

            problem = null;
            return new LibraryAssembly(path, pe, metadata);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or BadImageFormatException or InvalidOperationException or ArgumentException)
        {
            problem = e.Message;
            pe?.Dispose();
            stream?.Dispose();
            return null;
        }
    }

    public void Dispose() => _pe.Dispose();
}
