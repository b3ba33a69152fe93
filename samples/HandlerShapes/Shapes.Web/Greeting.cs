namespace Shapes.Web;

public sealed record Greeting(string Text);
