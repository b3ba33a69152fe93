using System;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Xml.Linq;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Packaging;

/// <summary>One package the build left in artifacts/packages, opened as the zip it is: its files and its nuspec.</summary>
internal sealed class PackageFile : IDisposable
{
    private readonly ZipArchive _zip;

    private PackageFile(string path)
    {
        Assert.True(File.Exists(path), $"{path} was not built.");
        Path = path;
        _zip = ZipFile.OpenRead(path);
    }

    public string Path { get; }

    public string[] Entries => _zip.Entries.Select(e => e.FullName).ToArray();

    /// <summary>BurstAnalyzers.nupkg, BurstAnalyzers.Offload.snupkg, ... of the version this test assembly was built with.</summary>
    public static PackageFile Open(string id, string extension = "nupkg")
        => new(System.IO.Path.Combine(RepoLayout.PackagesDirectory, $"{id}.{RepoLayout.PackageVersion}.{extension}"));

    public byte[] ReadBytes(string entry)
    {
        var found = _zip.GetEntry(entry);
        Assert.True(found is not null, $"{Path} has no {entry}.");
        using var stream = found!.Open();
        using var copy = new MemoryStream();
        stream.CopyTo(copy);
        return copy.ToArray();
    }

    public string ReadText(string entry)
    {
        using var reader = new StreamReader(new MemoryStream(ReadBytes(entry)));
        return reader.ReadToEnd();
    }

    /// <summary>The nuspec's &lt;metadata&gt; element.</summary>
    public XElement Metadata()
    {
        var nuspec = Assert.Single(_zip.Entries, e => e.FullName.EndsWith(".nuspec", StringComparison.Ordinal) && !e.FullName.Contains('/'));
        using var stream = nuspec.Open();
        return XDocument.Load(stream).Root!.Elements().Single(e => e.Name.LocalName == "metadata");
    }

    /// <summary>A metadata element's text, or null when the nuspec does not have it.</summary>
    public string? MetadataValue(string name) => Metadata().Elements().SingleOrDefault(e => e.Name.LocalName == name)?.Value;

    public XElement MetadataElement(string name) => Assert.Single(Metadata().Elements(), e => e.Name.LocalName == name);

    public void Dispose() => _zip.Dispose();
}
