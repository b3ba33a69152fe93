using System;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>Writes a module's ASP.NET Core controller: [HttpGet] actions, a POST action and maybe a [NonAction].</summary>
internal sealed class ControllerWriter(Random random)
{
    /// <summary>ControllerBase.File hides System.IO.File inside a controller.</summary>
    private const string QualifiedFile = "System.IO.File";

    public CorpusFile Write(ModulePlan plan)
    {
        var n = plan.Names;
        var w = new SourceWriter();
        w.Usings(HandlerBody.AspNetCoreUsings);
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        w.Line("[ApiController]");
        w.Line($"[Route(\"api/{n.Route}\")]");
        w.Open($"public sealed class {n.Controller} : ControllerBase");
        var support = HandlerBody.SupportFor(plan.ControllerActions, plan.NonActionBlocking);
        SupportMemberWriter.WriteFields(w, support);
        w.Line($"private readonly {n.ServiceInterface} _service;");
        w.Line($"private readonly ILogger<{n.Controller}> _logger;");
        w.Line();
        w.Open($"public {n.Controller}({n.ServiceInterface} service, ILogger<{n.Controller}> logger)");
        w.Line("_service = service;");
        w.Line("_logger = logger;");
        w.Close();

        foreach (var action in plan.ControllerActions)
        {
            w.Line();
            WriteAction(w, action, n);
        }

        w.Line();
        WriteCreate(w, n);
        if (plan.NonActionBlocking is { } blocking)
        {
            // Public but marked [NonAction]: not a request handler, so BurstAnalyzers must stay quiet here.
            w.Line();
            w.Line("[NonAction]");
            w.Open("public int WarmCache(int id)");
            BlockingSnippets.Write(w, blocking, "id", 1, QualifiedFile);
            w.Line("return id;");
            w.Close();
        }

        SupportMemberWriter.WriteMethods(w, support, n.Route);
        w.Close();
        return w.ToFile(n.Folder + "/" + n.Controller + ".cs");
    }

    private void WriteAction(SourceWriter w, HandlerPlan action, ModuleNames n)
    {
        var resultType = "ActionResult<" + HandlerBody.ResultType(action, n) + ">";
        w.Line($"[HttpGet(\"{HandlerBody.Route(action)}\")]");
        w.Line("[ProducesResponseType(StatusCodes.Status200OK)]");
        var signature = action.IsAsync ? $"public async Task<{resultType}> {action.Name}" : $"public {resultType} {action.Name}";
        w.Open($"{signature}(int {action.Parameter})");
        HandlerBody.Write(w, random, action, "_service", n.Entity, QualifiedFile);
        if (action.Shape == Shape.Single)
        {
            w.Open("if (result is null)");
            w.Line("return NotFound();");
            w.Close();
        }
        else
        {
            w.Line("Response.Headers[\"X-Total-Count\"] = result.Count.ToString(CultureInfo.InvariantCulture);");
        }

        w.Line($"_logger.LogInformation(\"Served {action.Name} for {{Key}}\", {action.Parameter});");
        w.Line("return Ok(result);");
        w.Close();
    }

    private static void WriteCreate(SourceWriter w, ModuleNames n)
    {
        w.Line("[HttpPost]");
        w.Open($"public ActionResult<{n.Dto}> Create([FromBody] {n.CreateRequest} request)");
        w.Line($"var validator = new {n.Validator}();");
        w.Line("var errors = validator.Validate(request);");
        w.Open("if (errors.Count > 0)");
        w.Line("return BadRequest(errors);");
        w.Close();
        w.Line("var entity = validator.ToEntity(request, Math.Abs(request.Name.GetHashCode(StringComparison.Ordinal)) % 100000);");
        w.Line($"return Created(\"/api/{n.Route}/\" + entity.Id, {n.Mapping}.ToDto(entity));");
        w.Close();
    }
}
