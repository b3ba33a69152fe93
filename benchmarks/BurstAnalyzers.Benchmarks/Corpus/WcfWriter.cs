using System;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Writes a module's WCF-style service: a [ServiceContract] interface with [OperationContract] methods and the class
/// implementing it, which reaches the service through its interface or through concrete classes it creates.
/// </summary>
internal sealed class WcfWriter(Random random)
{
    public CorpusFile Write(ModulePlan plan)
    {
        var n = plan.Names;
        var w = new SourceWriter();
        w.Usings("System", "System.Collections.Generic", "System.Globalization", "System.IO", "System.Linq",
            "System.Net.Http", "System.Text", "System.Threading", "System.Threading.Tasks", "CoreWCF");
        w.Line("namespace " + n.Namespace + ";");
        w.Line();
        w.Line($"[ServiceContract(Namespace = \"http://contoso.com/services/{n.Route}\")]");
        w.Open("public interface " + n.Contract);
        for (var i = 0; i < plan.WcfOperations.Count; i++)
        {
            if (i > 0)
            {
                w.Line();
            }

            w.Line("[OperationContract]");
            w.Line(Signature(plan.WcfOperations[i], n) + ";");
        }

        w.Close();
        w.Line();
        w.Open($"public sealed class {n.ContractService} : {n.Contract}");
        var support = HandlerBody.SupportFor(plan.WcfOperations);
        SupportMemberWriter.WriteFields(w, support);
        if (plan.WcfUsesServiceInterface)
        {
            w.Line($"private readonly {n.ServiceInterface} _service;");
            w.Line();
            w.Open($"public {n.ContractService}({n.ServiceInterface} service)");
            w.Line("_service = service;");
            w.Close();
        }
        else
        {
            // Hosts without dependency injection often build the object graph by hand.
            w.Line($"private readonly {n.Service} _service = new {n.Service}(new {n.Repository}());");
        }

        foreach (var operation in plan.WcfOperations)
        {
            w.Line();
            w.Open("public " + (operation.IsAsync ? "async " : string.Empty) + Signature(operation, n));
            HandlerBody.Write(w, random, operation, "_service", n.Entity);
            w.Line(operation.Shape == Shape.Single ? "return result;" : "return result.ToArray();");
            w.Close();
        }

        SupportMemberWriter.WriteMethods(w, support, n.Route);
        w.Close();
        return w.ToFile(n.Folder + "/" + n.ContractService + ".cs");
    }

    private static string Signature(HandlerPlan operation, ModuleNames n)
    {
        var result = operation.Shape == Shape.Single ? n.Dto : n.Dto + "[]";
        var type = operation.IsAsync ? "Task<" + result + ">" : result;
        return $"{type} {operation.Name}(int {operation.Parameter})";
    }
}
