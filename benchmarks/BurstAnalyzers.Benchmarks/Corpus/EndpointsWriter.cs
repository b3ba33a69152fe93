using System;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Writes a module's minimal API: a static class whose extension method maps a route group on an
/// <c>IEndpointRouteBuilder</c> with lambda handlers (expression and block bodies, sync and async) and a method group.
/// </summary>
internal sealed class EndpointsWriter(Random random)
{
    public CorpusFile Write(ModulePlan plan)
    {
        var n = plan.Names;
        var w = new SourceWriter();
        w.Usings(HandlerBody.AspNetCoreUsings);
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        w.Open("public static class " + n.Endpoints);
        var support = HandlerBody.SupportFor(plan.Endpoints);
        SupportMemberWriter.WriteFields(w, support);
        w.Open($"public static IEndpointRouteBuilder Map{n.Endpoints}(this IEndpointRouteBuilder app)");
        w.Line($"var group = app.MapGroup(\"/minimal/{n.Route}\");");
        foreach (var endpoint in plan.Endpoints)
        {
            w.Line();
            WriteEndpoint(w, endpoint, n);
        }

        w.Line();
        w.Line($"group.MapPost(\"/\", ({n.CreateRequest} request) =>");
        w.Open();
        w.Line($"var errors = new {n.Validator}().Validate(request);");
        w.Line($"return errors.Count > 0 ? Results.BadRequest(errors) : Results.Created(\"/minimal/{n.Route}/0\", request);");
        w.Close(");");
        w.Line();
        w.Line("group.MapGet(\"/health\", Health);");
        w.Line("return app;");
        w.Close();
        w.Line();
        w.Line("private static IResult Health() => Results.Ok(\"healthy\");");
        SupportMemberWriter.WriteMethods(w, support, n.Route);
        w.Close();
        return w.ToFile(n.Folder + "/" + n.Endpoints + ".cs");
    }

    private void WriteEndpoint(SourceWriter w, HandlerPlan endpoint, ModuleNames n)
    {
        var parameters = $"(int {endpoint.Parameter}, {n.ServiceInterface} service)";
        var head = $"group.MapGet(\"/{HandlerBody.Route(endpoint)}\", {(endpoint.IsAsync ? "async " : string.Empty)}{parameters} =>";
        var call = CallRenderer.Call(endpoint.CallStyle, "service", endpoint.Service, endpoint.Parameter);
        var expressionBody = endpoint.Blocking is null
            && (!endpoint.IsAsync || CallRenderer.Awaits(endpoint.CallStyle))
            && random.NextDouble() < 0.6;
        if (expressionBody)
        {
            w.Line($"{head} Results.Ok({call}))");
        }
        else
        {
            w.Line(head);
            w.Open();
            HandlerBody.Write(w, random, endpoint, "service", n.Entity);
            w.Line("return Results.Ok(result);");
            w.Close(")");
        }

        w.Line($"    .WithName(\"{n.Module}{endpoint.BaseName}\");");
    }
}
