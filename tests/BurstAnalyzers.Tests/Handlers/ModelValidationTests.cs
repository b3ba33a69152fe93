using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using ChainFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>
/// Model validation: MVC runs a validation attribute's IsValid and a model's IValidatableObject.Validate on the request
/// thread of every request that binds the model. A custom attribute that asks a remote service (a captcha) or the
/// database (a unique e-mail) blocks there. Declared in the web project, the method is a handler; declared in a library
/// the web project applies, the library's chain is reported where the attribute is applied.
/// </summary>
public class ModelValidationTests
{
    [Fact]
    public Task ValidationAttributesAndValidatableModelsAreHandlers() => Verify.VerifyAnalyzerAsync("""
        using System.Collections.Generic;
        using System.ComponentModel.DataAnnotations;
        using System.Net.Http;
        using System.Threading;

        public class CaptchaAttribute : ValidationAttribute
        {
            private static readonly HttpClient Client = new();

            protected override ValidationResult IsValid(object value, ValidationContext validationContext)
            {
                var reply = {|#0:Client.PostAsync("https://captcha.example/verify", null).GetAwaiter().GetResult()|};
                return reply.IsSuccessStatusCode ? ValidationResult.Success : new ValidationResult("Captcha failed.");
            }
        }

        public class SlowAttribute : ValidationAttribute
        {
            public override bool IsValid(object value)
            {
                {|#1:Thread.Sleep(10)|};
                return true;
            }

            // Not ValidationAttribute's: an overload of its own.
            public bool IsValid(string first, string second)
            {
                Thread.Sleep(10);
                return true;
            }
        }

        public class Order : IValidatableObject
        {
            public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
            {
                {|#2:Thread.Sleep(10)|};
                yield break;
            }
        }

        // Not a validation attribute: its IsValid overrides nothing MVC runs.
        public class Rule
        {
            public virtual bool IsValid(object value) => true;
        }

        public class StrictRule : Rule
        {
            public override bool IsValid(object value)
            {
                Thread.Sleep(10);
                return true;
            }
        }
        """,
        Verify.Diagnostic("BURST002").WithLocation(0).WithArguments("GetAwaiter().GetResult()", "CaptchaAttribute.IsValid", "await the task"),
        Verify.Diagnostic("BURST001").WithLocation(1).WithArguments("Thread.Sleep", "SlowAttribute.IsValid", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(2).WithArguments("Thread.Sleep", "Order.Validate", "await Task.Delay"));

    private const string Infrastructure = """
        using System.ComponentModel.DataAnnotations;
        using System.Net.Http;

        namespace Shop.Infrastructure
        {
            public class CaptchaAttribute : ValidationAttribute
            {
                protected override ValidationResult IsValid(object value, ValidationContext validationContext)
                {
                    var reply = new HttpClient().PostAsync("https://captcha.example/verify", null).GetAwaiter().GetResult();
                    return reply.IsSuccessStatusCode ? ValidationResult.Success : new ValidationResult("Captcha failed.");
                }
            }

            public class NotBlankAttribute : ValidationAttribute
            {
                public override bool IsValid(object value) => value is string text && text.Trim().Length > 0;
            }
        }
        """;

    private const string Web = """
        using Microsoft.AspNetCore.Mvc;
        using Shop.Infrastructure;

        public class ContactForm
        {
            [NotBlank]
            public string Message { get; set; }

            [Captcha]
            public string Token { get; set; }

            // MVC validates properties, not fields.
            [Captcha]
            public string Field;
        }

        // Inherits the library's IsValid.
        public sealed class StrictCaptchaAttribute : CaptchaAttribute { }

        public record Signup([property: StrictCaptcha] string Token);

        public partial class ContactController : Controller
        {
            [HttpPost]
            public IActionResult Send(ContactForm form) => Ok();

            [HttpPost]
            public IActionResult Ping([Captcha] string token) => Ok();

            [HttpPost]
            public partial IActionResult Check([Captcha] string token);

            // Not an action: nothing validates its parameters.
            [NonAction]
            public void Helper([Captcha] string token) { }

            public string this[[Captcha] int index] => "";
        }

        public partial class ContactController
        {
            public partial IActionResult Check(string token) => Ok();
        }
        """;

    private static readonly string[] Expected =
    {
        "Web.cs(9,6): BURST005: Request handler 'model validation of ContactForm.Token' reaches a blocking call through other methods: [CaptchaAttribute] \u2192 [Shop.Infrastructure] CaptchaAttribute.IsValid \u2192 GetAwaiter().GetResult() [Shop.Infrastructure.cs(10,25)]",
        "Web.cs(20,33): BURST005: Request handler 'model validation of Signup.Token' reaches a blocking call through other methods: [StrictCaptchaAttribute] \u2192 [Shop.Infrastructure] CaptchaAttribute.IsValid \u2192 GetAwaiter().GetResult() [Shop.Infrastructure.cs(10,25)]",
        "Web.cs(28,32): BURST005: Request handler 'model validation of ContactController.token' reaches a blocking call through other methods: [CaptchaAttribute] \u2192 [Shop.Infrastructure] CaptchaAttribute.IsValid \u2192 GetAwaiter().GetResult() [Shop.Infrastructure.cs(10,25)]",
        "Web.cs(31,41): BURST005: Request handler 'model validation of ContactController.token' reaches a blocking call through other methods: [CaptchaAttribute] \u2192 [Shop.Infrastructure] CaptchaAttribute.IsValid \u2192 GetAwaiter().GetResult() [Shop.Infrastructure.cs(10,25)]",
    };

    /// <summary>The attribute lives in a library without ASP.NET Core (where nothing says IsValid runs per request); the
    /// web project that applies it to a bound model is where it does. Reported at each application, once (a partial
    /// method's two parts share its parameter's attribute; an indexer's accessors share theirs), in a build and in an
    /// editor alike, also through an attribute of the web project that inherits the library's IsValid; not where MVC
    /// validates nothing (a field, a method that is not an action, an indexer), nor for the attribute that does not block.</summary>
    [Fact]
    public async Task AnAttributeFromAnotherProject_IsReportedWhereTheWebProjectAppliesIt()
    {
        var solution = new LayeredSolution().Library("Shop.Infrastructure", Infrastructure);
        Assert.Equal(string.Join("\n", Expected), string.Join("\n", LayeredSolution.Describe(await solution.BuildAsync(Web))));
        Assert.Equal(string.Join("\n", Expected), string.Join("\n", LayeredSolution.Describe(await solution.EditorAsync(Web))));
    }

    /// <summary>No fix at the attribute: the framework calls IsValid synchronously, so no await can be added to it, and
    /// an IsValid made async would never be awaited (the library's change would compile and still block nothing less).</summary>
    [Fact]
    public Task AnAttributeFromAnotherProject_HasNoChainFix()
    {
        const string Form = """
            public class ContactForm
            {
                [{|BURST005:Shop.Infrastructure.Captcha|}]
                public string Token { get; set; }
            }

            public class ContactController : Microsoft.AspNetCore.Mvc.Controller
            {
                [Microsoft.AspNetCore.Mvc.HttpPost]
                public Microsoft.AspNetCore.Mvc.IActionResult Send(ContactForm form) => Ok();
            }
            """;
        const string Options = "root = true\n\n[*.cs]\nburst_analyzers.public_api_in_libraries = change\n";
        var test = new ChainFix.Test { TestCode = Form, FixedCode = Form };
        test.TestState.AnalyzerConfigFiles.Add(("/0/.editorconfig", Options));
        PackagedProject.AddTo(test.TestState, "Shop.Infrastructure", "Captcha.cs", Infrastructure, ReferenceSets.BclOnly, Options);
        return test.RunAsync(CancellationToken.None);
    }
}
