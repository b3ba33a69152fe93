// Stand-in for classic ASP.NET on .NET Framework (System.Web, System.Web.Services, System.Web.Mvc, System.Web.Http),
// which cannot be referenced from a .NET 10 test. Same full type names and shapes for what the analyzers read.
using System;
using System.Threading.Tasks;

namespace System.Web
{
    public class HttpContext { }

    public interface IHttpHandler
    {
        bool IsReusable { get; }
        void ProcessRequest(HttpContext context);
    }

    public abstract class HttpTaskAsyncHandler : IHttpHandler
    {
        public virtual bool IsReusable => false;
        public void ProcessRequest(HttpContext context) => throw new NotSupportedException();
        public abstract Task ProcessRequestAsync(HttpContext context);
    }
}

namespace System.Web.Services
{
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class WebMethodAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class WebServiceAttribute : Attribute
    {
        public string Namespace { get; set; }
    }

    public class WebService { }
}

namespace System.Web.Mvc
{
    public abstract class ActionResult { }
    public class ContentResult : ActionResult { public string Content { get; set; } }

    [AttributeUsage(AttributeTargets.Method)]
    public sealed class NonActionAttribute : Attribute { }

    public abstract class ControllerBase { }

    public abstract class Controller : ControllerBase, IDisposable
    {
        protected ContentResult Content(string content) => new ContentResult { Content = content };
        public void Dispose() { }
    }
}

namespace System.Web.Http
{
    public interface IHttpActionResult { }

    [AttributeUsage(AttributeTargets.Method)]
    public sealed class NonActionAttribute : Attribute { }

    public abstract class ApiController : IDisposable
    {
        public void Dispose() { }
    }
}
