using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.Fixes;

/// <summary>
/// A change to a WCF contract declaration that keeps pace with its implementation: the [OperationContract] interface
/// method is retyped, and an explicit Name is added where the new Task return type would otherwise rename the operation.
/// </summary>
internal sealed record ContractEdit(
    DocumentId DocumentId,
    MethodDeclarationSyntax Declaration,
    SignatureChange Retype,
    AttributeSyntax? OperationContract,
    string? NameToKeep);
