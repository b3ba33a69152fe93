using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>Classic ASP.NET in a .NET Framework 4.8 project (C# 7.3) against the real reference assemblies: System.Web,
/// ASMX; classic MVC and Web API 2 against stand-ins (StandIns/: not served, or not to be used here).</summary>
public class ClassicAspNetHandlerTests
{
    private static Task VerifyClassicAsync(string source) => Verify.VerifyNet48AnalyzerAsync(source);

    [Fact]
    public Task AsmxWebMethods() => VerifyClassicAsync("""
        using System.Threading;
        using System.Web.Services;

        [WebService(Namespace = "urn:legacy")]
        public class LegacyService : WebService
        {
            [WebMethod]
            public string Hello()
            {
                {|BURST001:Thread.Sleep(1)|};
                return "hi";
            }

            public string NotAWebMethod()
            {
                Thread.Sleep(1);
                return "";
            }
        }
        """);

    [Fact]
    public Task MvcAndWebApiControllers() => VerifyClassicAsync("""
        using System.Threading;

        public class HomeController : System.Web.Mvc.Controller
        {
            public System.Web.Mvc.ActionResult Index()
            {
                {|BURST001:Thread.Sleep(1)|};
                return Content("home");
            }

            [System.Web.Mvc.NonAction]
            public void Helper() => Thread.Sleep(1);
        }

        public class ValuesController : System.Web.Http.ApiController
        {
            public string Get()
            {
                {|BURST001:Thread.Sleep(1)|};
                return "value";
            }

            [System.Web.Http.NonAction]
            public void Helper() => Thread.Sleep(1);
        }

        public class Values : System.Web.Http.ApiController
        {
            public void NotAController() => Thread.Sleep(1);
        }
        """);

    [Fact]
    public Task HttpHandlers() => VerifyClassicAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using System.Web;

        public class ImageHandler : IHttpHandler
        {
            public bool IsReusable => true;

            public void ProcessRequest(HttpContext context) => {|BURST001:Thread.Sleep(1)|};
        }

        public class ExplicitHandler : IHttpHandler
        {
            bool IHttpHandler.IsReusable => false;

            void IHttpHandler.ProcessRequest(HttpContext context) => {|BURST001:Thread.Sleep(1)|};
        }

        public class AsyncImageHandler : HttpTaskAsyncHandler
        {
            public override Task ProcessRequestAsync(HttpContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }
        """);
}
