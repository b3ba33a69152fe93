using Shop.Data;

namespace Shop.Services;

public static class ShopServices
{
    public static IOrderService Orders(string folder) => new OrderService(new OrderFiles(folder));
}
