using System;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Names of one feature module ("Orders" number 7 in the Sales area): its namespace, folder and the types it declares.
/// Type names repeat across modules as in a real solution; the numbered namespace keeps them apart.
/// </summary>
internal sealed class ModuleNames
{
    private static readonly (string Singular, string Plural)[] Entities =
    {
        ("Order", "Orders"), ("Invoice", "Invoices"), ("Customer", "Customers"), ("Product", "Products"),
        ("Shipment", "Shipments"), ("Payment", "Payments"), ("Quote", "Quotes"), ("Ticket", "Tickets"),
        ("Account", "Accounts"), ("Booking", "Bookings"), ("Claim", "Claims"), ("Policy", "Policies"),
        ("Contract", "Contracts"), ("Supplier", "Suppliers"), ("Warehouse", "Warehouses"), ("Refund", "Refunds"),
    };

    private static readonly string[] Areas = { "Sales", "Billing", "Logistics", "Support", "Catalog", "Identity" };

    private ModuleNames(string area, string entity, string plural, int index)
    {
        Entity = entity;
        Plural = plural;
        Module = plural + index;
        Namespace = "Contoso." + area + "." + Module;
        Folder = area + "/" + Module;
        Route = Module.ToLowerInvariant();
    }

    public string Entity { get; }
    public string Plural { get; }
    /// <summary>Unique per corpus, e.g. "Orders7".</summary>
    public string Module { get; }
    public string Namespace { get; }
    public string Folder { get; }
    public string Route { get; }

    public string Dto => Entity + "Dto";
    public string Status => Entity + "Status";
    public string CreateRequest => "Create" + Entity + "Request";
    public string Mapping => Entity + "Mapping";
    public string Validator => Entity + "Validator";
    public string Io => Entity + "Storage";
    public string Helpers => Entity + "Helpers";
    public string Repository => Entity + "Repository";
    public string RepositoryInterface => "I" + Entity + "Repository";
    public string Service => Entity + "Service";
    public string ServiceInterface => "I" + Entity + "Service";
    public string Controller => Plural + "Controller";
    public string Endpoints => Entity + "Endpoints";
    public string Contract => "I" + Entity + "Contract";
    public string ContractService => Entity + "ContractService";
    public string Job => Entity + "MaintenanceJob";

    public static ModuleNames Pick(Random random, int index)
    {
        var (entity, plural) = Entities[random.Next(Entities.Length)];
        return new ModuleNames(Areas[random.Next(Areas.Length)], entity, plural, index);
    }
}
