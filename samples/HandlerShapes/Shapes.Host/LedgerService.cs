namespace CoreWCF
{
    // Stand-ins for CoreWCF's attributes (the package is not served here): BurstAnalyzers knows them by full name.
    [AttributeUsage(AttributeTargets.Interface | AttributeTargets.Class)]
    public sealed class ServiceContractAttribute : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Method)]
    public sealed class OperationContractAttribute : Attribute
    {
    }
}

namespace Shapes.Host
{
    using CoreWCF;

    [ServiceContract]
    public interface ILedgerService
    {
        [OperationContract]
        string Balance(string account);

        [OperationContract]
        Task<string> BalanceAsync(string account);
    }

    public sealed class LedgerService : ILedgerService
    {
        public string Balance(string account)
        {
            Thread.Sleep(20); // BURST001
            return account;
        }

        public async Task<string> BalanceAsync(string account)
        {
            await Task.Delay(20);
            return System.IO.File.ReadAllText(account); // BURST003
        }
    }
}
