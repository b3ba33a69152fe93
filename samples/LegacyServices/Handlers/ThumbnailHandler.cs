using System.Net;
using System.Web;

namespace LegacyServices.Handlers
{
    // IHttpHandler.ProcessRequest must stay synchronous (HttpTaskAsyncHandler is the async base): no automatic fix.
    public class ThumbnailHandler : IHttpHandler
    {
        public bool IsReusable
        {
            get { return true; }
        }

        public void ProcessRequest(HttpContext context)
        {
            using (var client = new WebClient())
            {
                var image = client.DownloadData("http://images.internal/thumb"); // BURST003 stays
                context.Response.BinaryWrite(image);
            }
        }
    }
}
