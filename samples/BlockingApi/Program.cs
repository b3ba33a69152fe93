using BlockingApi.Startup;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddControllers();

var app = builder.Build();
CacheWarmup.Run();
app.MapControllers();
app.MapGet("/ping", () => "pong");
app.Run();
