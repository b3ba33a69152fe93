using System.Threading;
using System.Web.Services;

namespace LegacyServices.Asmx
{
    [WebService(Namespace = "urn:legacy")]
    public class LegacyService : WebService
    {
        // ASMX web methods cannot return a Task, so there is no async fix; [OffloadBlocking] does not apply to ASMX either.
        [WebMethod]
        public string Hello(string name)
        {
            Thread.Sleep(500); // BURST001 stays
            return "Hello " + name;
        }
    }
}
