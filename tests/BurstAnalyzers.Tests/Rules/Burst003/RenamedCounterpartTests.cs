using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// The listed APIs whose async counterpart has another name (docs/rules/BURST003.md): each is reported with the name
/// of its replacement, which the analyzer cannot find by appending "Async".
/// </summary>
public class RenamedCounterpartTests
{
    [Fact]
    public Task EveryWebClientMethodNamesItsTaskAsyncTwin() => Verify.VerifyAnalyzerAsync(
        """
        using System.Collections.Specialized;
        using System.Net;
        using Microsoft.AspNetCore.Mvc;

        public class MirrorController : ControllerBase
        {
            #pragma warning disable SYSLIB0014
            public object Get(WebClient web, NameValueCollection values)
            {
                var text = {|#0:web.DownloadString("http://x/")|};
                var bytes = {|#1:web.DownloadData("http://x/")|};
                {|#2:web.DownloadFile("http://x/", "x.bin")|};
                var reply = {|#3:web.UploadString("http://x/", "body")|};
                var echoed = {|#4:web.UploadData("http://x/", bytes)|};
                var uploaded = {|#5:web.UploadFile("http://x/", "x.bin")|};
                var posted = {|#6:web.UploadValues("http://x/", values)|};
                using var read = {|#7:web.OpenRead("http://x/")|};
                using var write = {|#8:web.OpenWrite("http://x/")|};
                return (text, reply, echoed, uploaded, posted);
            }
            #pragma warning restore SYSLIB0014
        }
        """,
        WebClient(0, "DownloadString"),
        WebClient(1, "DownloadData"),
        WebClient(2, "DownloadFile"),
        WebClient(3, "UploadString"),
        WebClient(4, "UploadData"),
        WebClient(5, "UploadFile"),
        WebClient(6, "UploadValues"),
        WebClient(7, "OpenRead"),
        WebClient(8, "OpenWrite"));

    [Fact]
    public Task PingSmtpProcessAndTheForm() => Verify.VerifyAnalyzerAsync(
        """
        using System;
        using System.Diagnostics;
        using System.Net.Mail;
        using System.Net.NetworkInformation;
        using Microsoft.AspNetCore.Mvc;

        public class OpsController : ControllerBase
        {
            public object Get(Ping ping, SmtpClient smtp, Process process)
            {
                var reply = {|#0:ping.Send("localhost")|};
                {|#1:smtp.Send("a@x", "b@x", "subject", "body")|};
                {|#2:process.WaitForExit()|};
                var exited = {|#3:process.WaitForExit(1000)|};
                exited |= process.WaitForExit(0);
                exited |= process.WaitForExit(TimeSpan.Zero);
                var name = {|#4:Request.Form|}["name"];
                return (reply, exited, name);
            }
        }
        """,
        Listed(0, "OpsController.Get", "Ping.Send", "await Ping.SendPingAsync"),
        Listed(1, "OpsController.Get", "SmtpClient.Send", "await SmtpClient.SendMailAsync"),
        Listed(2, "OpsController.Get", "Process.WaitForExit", "await Process.WaitForExitAsync"),
        Listed(3, "OpsController.Get", "Process.WaitForExit", "await Process.WaitForExitAsync"),
        Listed(4, "OpsController.Get", "HttpRequest.Form", "await Request.ReadFormAsync"));

    /// <summary>The names belong to their types: a method of the same name elsewhere is judged as any other call.</summary>
    [Fact]
    public Task SameNamesOnOtherTypesAreNotListed() => Verify.VerifyAnalyzerAsync(
        """
        using Microsoft.AspNetCore.Mvc;

        public class Courier
        {
            public void Send(string to) { }
            public string DownloadString(string url) => url;
            public void WaitForExit() { }
        }

        public class CourierController : ControllerBase
        {
            public string Get(Courier courier)
            {
                courier.Send("x");
                courier.WaitForExit();
                return courier.DownloadString("x");
            }
        }
        """);

    private static DiagnosticResult WebClient(int location, string method)
        => Listed(location, "MirrorController.Get", "WebClient." + method, "await WebClient." + method + "TaskAsync");

    private static DiagnosticResult Listed(int location, string handler, string call, string replacement)
        => Verify.Diagnostic("BURST003").WithLocation(location).WithMessage(
            $"'{call}' does synchronous I/O in request handler '{handler}'; use '{replacement}' instead");
}
