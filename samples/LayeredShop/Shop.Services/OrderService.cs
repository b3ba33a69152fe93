using Shop.Data;

namespace Shop.Services;

/// <summary>Created through <see cref="ShopServices"/>; the web project knows only the interface.</summary>
internal sealed class OrderService(OrderFiles files) : IOrderService
{
    public int Limit => 100;

    public IReadOnlyList<string> Orders() => files.ReadAll();

    public void Place(string order)
    {
        if (order.Length > Limit)
        {
            throw new ArgumentException("Too long.", nameof(order));
        }

        files.Append(order);
    }
}
