// Stand-in for classic ASP.NET MVC (System.Web.Mvc): the package source does not serve Microsoft.AspNet.Mvc.
// Compiled against the .NET Framework 4.8 reference assemblies; same full type names and shapes the analyzers read.
using System;

namespace System.Web.Mvc
{
    public abstract class ActionResult { }
    public class ContentResult : ActionResult { public string Content { get; set; } }

    [AttributeUsage(AttributeTargets.Method)]
    public sealed class NonActionAttribute : Attribute { }

    public abstract class ControllerBase { }

    public abstract class Controller : ControllerBase, IDisposable
    {
        protected ContentResult Content(string content) { return new ContentResult { Content = content }; }
        public void Dispose() { }
    }
}
