using System.Net.Http;
using System.Web.Http;

namespace LegacyServices.WebApi
{
    public class OrdersController : ApiController
    {
        private static readonly HttpClient Http = new HttpClient();

        public string Get(int id)
        {
            return Http.GetStringAsync("http://orders.internal/" + id).Result; // BURST002
        }
    }
}
