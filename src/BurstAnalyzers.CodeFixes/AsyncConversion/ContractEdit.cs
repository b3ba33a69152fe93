using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// A change to an interface declaration that keeps pace with its implementation: the interface method is retyped, and
/// for a WCF [OperationContract] an explicit Name is added where the new Task return type would otherwise rename the
/// operation.
/// </summary>
internal sealed record ContractEdit(
    DocumentId DocumentId,
    MethodDeclarationSyntax Declaration,
    SignatureChange Retype,
    AttributeSyntax? OperationContract,
    string? NameToKeep);
