using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using ChainVerify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// A method whose body is in the project is judged by what its body does (BURST005's chain), never by the name of an
/// "…Async" sibling: a sync method that compares strings is no I/O, whatever its twin. An async twin that is
/// Task.Run over the sync method (async over sync) is never a counterpart to await, also beside a library's method.
/// </summary>
public class OwnMethodTwinTests
{
    private const string Firewall = """
        using System.IO;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Firewall
        {
            private readonly string[] _allowed = { "127.0.0.1" };

            public bool Allows(string address) => System.Array.IndexOf(_allowed, address) >= 0;

            public Task<bool> AllowsAsync(string address) => Task.Run(() => Allows(address));

            public string Rules(string path) => File.ReadAllText(path);

            public Task<string> RulesAsync(string path) => File.ReadAllTextAsync(path);
        }

        """;

    [Fact]
    public Task OwnMethodWithAnAsyncSiblingIsNotSyncIo() => Verify.VerifyAnalyzerAsync(Firewall + """
        public class GateController : ControllerBase
        {
            private readonly Firewall _firewall = new();

            public IActionResult Check(string address) => _firewall.Allows(address) ? Ok() : Forbid();

            public IActionResult Rules(string path) => Ok(_firewall.Rules(path));
        }
        """);

    [Fact]
    public Task WhatTheBodyDoesDecides() => ChainVerify.VerifyAnalyzerAsync(Firewall + """
        public class GateController : ControllerBase
        {
            private readonly Firewall _firewall = new();

            public IActionResult Check(string address) => _firewall.Allows(address) ? Ok() : Forbid();

            public IActionResult Rules(string path) => Ok({|#0:_firewall.Rules(path)|});
        }
        """,
        ChainVerify.Diagnostic("BURST005").WithLocation(0).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations).WithArguments("GateController.Rules", "Rules → Firewall.Rules → File.ReadAllText"));

    /// <summary>The project's own "…Async" extensions over the sync calls are no counterpart (BURST003 would send the
    /// user to Task.Run); the calls stay what they are, file system calls with no async API (BURST006).</summary>
    [Fact]
    public Task AsyncOverSyncExtensionIsNoCounterpart() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public static class DirectoryInfoExtensions
        {
            public static Task<FileInfo[]> GetFilesAsync(this DirectoryInfo directory) => Task.Run(() => directory.GetFiles());

            public static async Task<DirectoryInfo[]> GetDirectoriesAsync(this DirectoryInfo directory)
            {
                return await Task.Factory.StartNew(() => directory.GetDirectories()).ConfigureAwait(false);
            }
        }

        public class FilesController : ControllerBase
        {
            public IActionResult List(string path)
            {
                var directory = new DirectoryInfo(path);
                return Ok({|#0:directory.GetFiles()|}.Length + {|#1:directory.GetDirectories()|}.Length);
            }
        }
        """,
        Verify.Diagnostic("BURST006").WithLocation(0).WithArguments("DirectoryInfo.GetFiles", "FilesController.List", FileSystem),
        Verify.Diagnostic("BURST006").WithLocation(1).WithArguments("DirectoryInfo.GetDirectories", "FilesController.List", FileSystem));

    private const string FileSystem = "the file system has no async API for it; run it on dedicated threads with [OffloadBlocking]";
}
