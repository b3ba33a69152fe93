// Stand-in for ASP.NET Web API 2 (System.Web.Http): Microsoft.AspNet.WebApi.Core is under Microsoft's own licence
// terms and the package list marks it not-to-use. Compiled against the .NET Framework 4.8 reference assemblies; same
// full type names and shapes the analyzers read (the controller base class and [NonAction]); no behaviour.
using System;

namespace System.Web.Http
{
    [AttributeUsage(AttributeTargets.Method, Inherited = true)]
    public sealed class NonActionAttribute : Attribute { }

    public abstract class ApiController : IDisposable
    {
        public void Dispose() { }
    }
}
