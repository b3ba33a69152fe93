using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst006;

/// <summary>
/// The built-in list of blocking APIs with no async alternative, entry by entry, with the message a user reads: the
/// call as Type.Member and the remedy (offloading); and the user's own list, whose properties are named as properties.
/// </summary>
public class CatalogBlockingApiTests
{
    private const string Offload = "run it on dedicated threads with [OffloadBlocking]";

    private const string FileSystem = "the file system has no async API for it; " + Offload;

    private const string XmlUri = "read the content with an awaited HttpClient or File call first and parse it from memory (XDocument.Parse, or LoadAsync over the stream), or " + Offload;

    [Fact]
    public Task EveryConsoleReadIsNamedWithTheOffloadRemedy() => Verify.VerifyAnalyzerAsync(
        """
        using System;
        using Microsoft.AspNetCore.Mvc;

        public class PromptController : ControllerBase
        {
            public string Get()
            {
                var first = {|#0:Console.Read()|};
                var key = {|#1:Console.ReadKey()|};
                return {|#2:Console.ReadLine()|} + first + key.KeyChar;
            }
        }
        """,
        Verify.Diagnostic("BURST006").WithLocation(0).WithArguments("Console.Read", "PromptController.Get", Offload),
        Verify.Diagnostic("BURST006").WithLocation(1).WithArguments("Console.ReadKey", "PromptController.Get", Offload),
        Verify.Diagnostic("BURST006").WithLocation(2).WithArguments("Console.ReadLine", "PromptController.Get", Offload));

    /// <summary>The file system's changes and listings with no async API, static and on FileInfo/DirectoryInfo; the
    /// lazy enumerations (their I/O runs where they are enumerated) and the existence checks (one entry's cached
    /// metadata, the usual guard of an awaited read) are not these.</summary>
    [Fact]
    public Task FileSystemCallsWithNoAsyncApiAreNamed() => Verify.VerifyAnalyzerAsync(
        """
        using System.IO;
        using System.Linq;
        using Microsoft.AspNetCore.Mvc;

        public class AssetsController : ControllerBase
        {
            public int Remove(string folder, string name)
            {
                if (Directory.Exists(folder) && System.IO.File.Exists(name))
                {
                    {|#1:System.IO.File.Delete(Path.Combine(folder, name))|};
                    {|#2:System.IO.File.Move(name, name + ".old")|};
                }

                {|#3:Directory.CreateDirectory(folder)|};
                var info = new FileInfo(name);
                {|#4:info.CopyTo(name + ".bak")|};
                var lazy = Directory.EnumerateFiles(folder);
                return {|#5:new DirectoryInfo(folder).GetFiles()|}.Length + lazy.Count();
            }
        }
        """,
        Verify.Diagnostic("BURST006").WithLocation(1).WithArguments("File.Delete", "AssetsController.Remove", FileSystem),
        Verify.Diagnostic("BURST006").WithLocation(2).WithArguments("File.Move", "AssetsController.Remove", FileSystem),
        Verify.Diagnostic("BURST006").WithLocation(3).WithArguments("Directory.CreateDirectory", "AssetsController.Remove", FileSystem),
        Verify.Diagnostic("BURST006").WithLocation(4).WithArguments("FileInfo.CopyTo", "AssetsController.Remove", FileSystem),
        Verify.Diagnostic("BURST006").WithLocation(5).WithArguments("DirectoryInfo.GetFiles", "AssetsController.Remove", FileSystem));

    /// <summary>An XML load given a URI or path downloads or reads synchronously; over a string already in memory
    /// (Parse) or a stream (BURST003's, by counterpart) it is not this.</summary>
    [Fact]
    public Task XmlLoadsOfAUriAreNamed() => Verify.VerifyAnalyzerAsync(
        """
        using System.Linq;
        using System.Xml;
        using System.Xml.Linq;
        using Microsoft.AspNetCore.Mvc;

        public class FeedController : ControllerBase
        {
            public int Get(string url, string xml)
            {
                var feed = {|#0:XDocument.Load(url)|};
                var item = {|#1:XElement.Load(url, LoadOptions.None)|};
                var document = new XmlDocument();
                {|#2:document.Load(url)|};
                var parsed = XDocument.Parse(xml);
                return feed.Nodes().Count() + item.Nodes().Count() + document.ChildNodes.Count + parsed.Nodes().Count();
            }
        }
        """,
        Verify.Diagnostic("BURST006").WithLocation(0).WithArguments("XDocument.Load", "FeedController.Get", XmlUri),
        Verify.Diagnostic("BURST006").WithLocation(1).WithArguments("XElement.Load", "FeedController.Get", XmlUri),
        Verify.Diagnostic("BURST006").WithLocation(2).WithArguments("XmlDocument.Load", "FeedController.Get", XmlUri));

    [Fact]
    public Task ParallelLoopsSpinWaitAndInputIdleAreNamed() => Verify.VerifyAnalyzerAsync(
        """
        using System.Diagnostics;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class BatchController : ControllerBase
        {
            public bool Run(int[] items, Process process)
            {
                {|#0:Parallel.For(0, 10, i => { })|};
                {|#1:Parallel.ForEach(items, i => { })|};
                {|#2:Parallel.Invoke(() => { })|};
                {|#3:Thread.SpinWait(100)|};
                var tried = process.WaitForInputIdle(0);
                return {|#4:process.WaitForInputIdle()|} && tried;
            }
        }
        """,
        Verify.Diagnostic("BURST006").WithLocation(0).WithArguments("Parallel.For", "BatchController.Run", Offload),
        Verify.Diagnostic("BURST006").WithLocation(1).WithArguments("Parallel.ForEach", "BatchController.Run", Offload),
        Verify.Diagnostic("BURST006").WithLocation(2).WithArguments("Parallel.Invoke", "BatchController.Run", Offload),
        Verify.Diagnostic("BURST006").WithLocation(3).WithArguments("Thread.SpinWait", "BatchController.Run", Offload),
        Verify.Diagnostic("BURST006").WithLocation(4).WithArguments("Process.WaitForInputIdle", "BatchController.Run", Offload));

    // System.IO.Ports is a package the test references do not include: its SerialPort surface, compiled into a
    // referenced assembly as the package is. Its writes and Open are not listed (no device wait for input).
    private const string SerialPorts = """
        namespace System.IO.Ports
        {
            public class SerialPort
            {
                public int Read(byte[] buffer, int offset, int count) => 0;
                public string ReadLine() => "";
                public int ReadByte() => 0;
                public int ReadChar() => 0;
                public string ReadTo(string value) => "";
                public string ReadExisting() => "";
                public void Write(string text) { }
                public void Open() { }
            }
        }
        """;

    [Fact]
    public Task EverySerialPortReadBlocks() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.IO.Ports;
            using Microsoft.AspNetCore.Mvc;

            public class ScaleController : ControllerBase
            {
                public string Weigh(SerialPort port)
                {
                    port.Open();
                    port.Write("W\r");
                    var count = {|#0:port.Read(new byte[8], 0, 8)|};
                    var first = {|#1:port.ReadByte()|} + {|#2:port.ReadChar()|};
                    return {|#3:port.ReadLine()|} + {|#4:port.ReadTo("\r")|} + {|#5:port.ReadExisting()|} + count + first;
                }
            }
            """),
        references: ReferenceSets.WithLibrary("System.IO.Ports", SerialPorts),
        expected: new[]
        {
            Verify.Diagnostic("BURST006").WithLocation(0).WithArguments("SerialPort.Read", "ScaleController.Weigh", Offload),
            Verify.Diagnostic("BURST006").WithLocation(1).WithArguments("SerialPort.ReadByte", "ScaleController.Weigh", Offload),
            Verify.Diagnostic("BURST006").WithLocation(2).WithArguments("SerialPort.ReadChar", "ScaleController.Weigh", Offload),
            Verify.Diagnostic("BURST006").WithLocation(3).WithArguments("SerialPort.ReadLine", "ScaleController.Weigh", Offload),
            Verify.Diagnostic("BURST006").WithLocation(4).WithArguments("SerialPort.ReadTo", "ScaleController.Weigh", Offload),
            Verify.Diagnostic("BURST006").WithLocation(5).WithArguments("SerialPort.ReadExisting", "ScaleController.Weigh", Offload),
        });

    // A vendor SDK with no async API: a generic client and a generic method, listed by their documentation ids.
    private const string VendorClient = """
        using Microsoft.AspNetCore.Mvc;

        namespace Acme.Legacy
        {
            public class Ledger<TEntry>
            {
                public TEntry Post(TEntry entry) => entry;
                public int Count { get; } = 0;
            }

            public static class Lookup
            {
                public static T Find<T>(string key) => default!;
            }
        }

        public class LedgerController : ControllerBase
        {
            public string Post(Acme.Legacy.Ledger<string> ledger)
                => {|#0:ledger.Post("entry")|} + {|#1:ledger.Count|} + {|#2:Acme.Legacy.Lookup.Find<string>("key")|};
        }
        """;

    [Fact]
    public Task ConfiguredApisOfGenericTypesAndMethodsAreNamedAsWritten() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(VendorClient),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.additional_blocking_apis = M:Acme.Legacy.Ledger`1.Post(`0), P:Acme.Legacy.Ledger`1.Count, M:Acme.Legacy.Lookup.Find``1(System.String)
            """,
        expected: new[]
        {
            Verify.Diagnostic("BURST006").WithLocation(0).WithArguments("Ledger.Post", "LedgerController.Post", Offload),
            Verify.Diagnostic("BURST006").WithLocation(1).WithArguments("Ledger.Count", "LedgerController.Post", Offload),
            Verify.Diagnostic("BURST006").WithLocation(2).WithArguments("Lookup.Find", "LedgerController.Post", Offload),
        });
}
