using Shop.Data;
using Shop.Services;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddControllers();
builder.Services.AddSingleton(ShopServices.Orders(Path.GetTempPath()));
builder.Services.AddHttpClient<PriceClient>(http => http.BaseAddress = new Uri("http://127.0.0.1:5080/"));
builder.Services.AddTransient<QuoteService>();

var app = builder.Build();
app.MapControllers();
app.Run();
