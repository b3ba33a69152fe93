namespace Shop.Services;

public interface IOrderService
{
    IReadOnlyList<string> Orders();

    void Place(string order);

    int Limit { get; }
}
