namespace SoapService.Services;

// "A WCF service whose operation does Thread.Sleep(2 s)": 100 concurrent calls took 14 s there, 30 s on this sample.
public class Service1 : Contracts.IService1
{
    public string GetData(int value)
    {
        Thread.Sleep(2000); // BURST001
        return string.Format("You entered: {0}", value);
    }
}
