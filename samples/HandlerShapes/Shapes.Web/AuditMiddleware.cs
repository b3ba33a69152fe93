namespace Shapes.Web;

public sealed class AuditMiddleware(RequestDelegate next)
{
    public async Task InvokeAsync(HttpContext context)
    {
        File.AppendAllText("audit.log", context.Request.Path + "\n"); // BURST003
        await next(context);
    }
}
