// Stand-in for ASP.NET Web API 2's controller base class (System.Web.Http.ApiController): Microsoft.AspNet.WebApi.Core
// is under Microsoft's own licence terms and this repository does not use it. Same full type name, no behaviour: the
// analyzer recognises Web API 2 controllers by that name. In a real Web API 2 project, delete this file.
namespace System.Web.Http
{
    public abstract class ApiController : IDisposable
    {
        public void Dispose() { }
    }
}
