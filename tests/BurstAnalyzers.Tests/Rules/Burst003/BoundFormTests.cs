using System.Threading.Tasks;
using Xunit;
using ChainVerify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// Request.Form returns the cached form, without reading the body, only when model binding has read it before the
/// handler ran: a parameter bound from the form (an attribute implementing IFromFormMetadata, or IFormFile,
/// IFormFileCollection, IFormCollection with no binding attribute), or a model class bound without an attribute in an
/// action of an MVC view Controller. Still a synchronous read: a simple value, an interface, an abstract class or a
/// struct in a view controller (not read from the form's value provider as a model), a model named from another
/// source (any attribute named From…), a model in a controller marked [ApiController] on a base class or on the
/// assembly, or in a ControllerBase.
/// </summary>
public class BoundFormTests
{
    private const string Usings = """
        using System;
        using Microsoft.AspNetCore.Http;
        using Microsoft.AspNetCore.Http.Metadata;
        using Microsoft.AspNetCore.Mvc;

        """;

    private const string Models = Usings + Types;

    private const string Types = """
        public class ThemeModel
        {
            public string Name { get; set; } = "";
        }

        public abstract class BaseModel
        {
            public string Name { get; set; } = "";
        }

        public struct Point
        {
            public int X { get; set; }
        }

        public interface IThemes
        {
            string Name { get; }
        }

        [AttributeUsage(AttributeTargets.Parameter)]
        public sealed class UploadFieldAttribute : Attribute, IFromFormMetadata
        {
            public string? Name => null;
        }

        [AttributeUsage(AttributeTargets.Parameter)]
        public sealed class FromClaimAttribute : Attribute
        {
        }

        """;

    [Fact]
    public Task FormBindingReadsTheFormFirst() => Verify.VerifyAnalyzerAsync(Models + """
        public class UploadController : ControllerBase
        {
            public IActionResult Fields(IFormCollection fields) => Ok(Request.Form.Count + fields.Count);

            public IActionResult Custom([UploadField] string title) => Ok(Request.Form[title]);

            public IActionResult Claimed([FromClaim] IFormFile file) => Ok({|BURST003:Request.Form|}.Count + file.Length);

            public IActionResult Body([FromBody] ThemeModel model) => Ok({|BURST003:Request.Form|}.Count + model.Name);
        }
        """);

    [Fact]
    public Task OnlyAModelClassInAViewControllerIsBoundFromTheForm() => Verify.VerifyAnalyzerAsync(Models + """
        public class ThemesController : Controller
        {
            [HttpPost]
            public IActionResult Model(ThemeModel model) => Ok(Request.Form["theme"] + model.Name);

            [HttpPost]
            public IActionResult Name(string name) => Ok({|BURST003:Request.Form|}["theme"] + name);

            [HttpPost]
            public IActionResult Abstract(BaseModel model) => Ok({|BURST003:Request.Form|}["theme"] + model.Name);

            [HttpPost]
            public IActionResult Struct(Point point) => Ok({|BURST003:Request.Form|}["theme"] + point.X);

            [HttpPost]
            public IActionResult Service(IThemes themes) => Ok({|BURST003:Request.Form|}["theme"] + themes.Name);

            [HttpPost]
            public IActionResult Claimed([FromClaim] ThemeModel model) => Ok({|BURST003:Request.Form|}["theme"] + model.Name);
        }

        public class ThemesApiController : ControllerBase
        {
            [HttpPost]
            public IActionResult Model(ThemeModel model) => Ok({|BURST003:Request.Form|}["theme"] + model.Name);
        }

        [ApiController]
        public abstract class ApiBase : Controller
        {
        }

        public class DerivedApiController : ApiBase
        {
            [HttpPost]
            public IActionResult Model(ThemeModel model) => Ok({|BURST003:Request.Form|}["theme"] + model.Name);
        }
        """);

    [Fact]
    public Task ApiControllerOnTheAssemblyBindsModelsFromTheBody() => Verify.VerifyAnalyzerAsync(
        Usings + "[assembly: ApiController]\n\n" + Types + """
        public class ThemesController : Controller
        {
            [HttpPost]
            public IActionResult Model(ThemeModel model) => Ok({|BURST003:Request.Form|}["theme"] + model.Name);

            [HttpPost]
            public IActionResult File(IFormFile file) => Ok(Request.Form.Count + file.Length);
        }
        """);

    /// <summary>A validation attribute names no binding source: the model is still bound from the form.</summary>
    [Fact]
    public Task AValidationAttributeLeavesTheModelBoundFromTheForm() => Verify.VerifyAnalyzerAsync(Models + """
        public class ThemesController : Controller
        {
            [HttpPost]
            public IActionResult Model([System.ComponentModel.DataAnnotations.Required] ThemeModel model) => Ok(Request.Form["theme"] + model.Name);
        }
        """);

    /// <summary>
    /// Model binding runs for actions only: a private helper or a public static method of a view controller that takes
    /// a model still reads the form itself, and the action that calls it without one reaches that read.
    /// </summary>
    [Fact]
    public Task AHelperTakingAModelIsNoAction() => ChainVerify.VerifyAnalyzerAsync(Models + """
        public class ThemesController : Controller
        {
            [HttpPost]
            public IActionResult Save(string name) => Ok({|#0:Apply(new ThemeModel { Name = name })|});

            [HttpPost]
            public IActionResult Preview(string name) => Ok({|#2:Describe(Request, new ThemeModel { Name = name })|});

            private string Apply(ThemeModel model) => {|#1:Request.Form|}["theme"] + model.Name;

            public static string Describe(HttpRequest request, ThemeModel model) => {|#3:request.Form|}["theme"] + model.Name;
        }
        """,
        ChainVerify.Diagnostic("BURST005").WithLocation(0).WithLocation(1).WithArguments("ThemesController.Save", "Save → ThemesController.Apply → HttpRequest.Form"),
        ChainVerify.Diagnostic("BURST005").WithLocation(2).WithLocation(3).WithArguments("ThemesController.Preview", "Preview → ThemesController.Describe → HttpRequest.Form"));
}
