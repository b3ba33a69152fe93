using System.Threading;

namespace LegacyServices.Wcf
{
    // 100 simultaneous calls to this operation took 30 s instead of 2 s: each call holds a pool thread while it sleeps.
    public class Service1 : IService1
    {
        public string GetData(int value)
        {
            Thread.Sleep(2000); // BURST001
            return string.Format("You entered: {0}", value);
        }
    }
}
