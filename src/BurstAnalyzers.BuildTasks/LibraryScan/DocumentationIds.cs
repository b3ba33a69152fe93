using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using System.Text;

namespace BurstAnalyzers.BuildTasks.LibraryScan;

/// <summary>
/// The documentation-comment id of a method ("M:Vendor.Rates.RateClient.GetRate(System.String)"), read from the
/// assembly's metadata by the token the runtime reported: the form <c>burst_analyzers.additional_blocking_apis</c>
/// takes (docs/configuration.md), which names one overload exactly. The C# compiler's format: nested types joined by
/// '.', generic arity as `n, type parameters as `0 and method type parameters as ``0, instantiations in braces, by-ref
/// as @, arrays as [].
/// One implementation for burst-attach (which links this file) and the library scan (<see cref="LibraryScanner"/>),
/// whose facts files name members the way the analyzer's <c>ISymbol.GetDocumentationCommentId()</c> does.
/// </summary>
internal static class DocumentationIds
{
    /// <returns>The id, or null when the file cannot be read or the token is not a method of it.</returns>
    public static string? Method(string? assemblyPath, int methodToken)
    {
        if (assemblyPath is null || methodToken == 0 || !File.Exists(assemblyPath))
        {
            return null;
        }

        try
        {
            using var stream = File.OpenRead(assemblyPath);
            using var pe = new PEReader(stream);
            MetadataReader metadata = pe.GetMetadataReader();
            return Method(metadata, (MethodDefinitionHandle)MetadataTokens.EntityHandle(methodToken));
        }
        catch (Exception e) when (e is BadImageFormatException or IOException or InvalidCastException or ArgumentException or InvalidOperationException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    /// <summary>The id of a method defined in <paramref name="metadata"/>.</summary>
    public static string Method(MetadataReader metadata, MethodDefinitionHandle handle)
    {
        MethodDefinition method = metadata.GetMethodDefinition(handle);
        MethodSignature<string> signature = method.DecodeSignature(Provider, null);
        return "M:" + TypeName(metadata, method.GetDeclaringType()) + "." + Member(metadata.GetString(method.Name), method.GetGenericParameters().Count, signature);
    }

    /// <summary>The part of a method's id after its type and '.': name, generic arity, parameters (and an operator's
    /// return type). Methods of different types with the same part have the same name and signature.</summary>
    public static string Member(string metadataName, int genericArity, MethodSignature<string> signature)
    {
        string name = metadataName.Replace('.', '#');
        var id = new StringBuilder(name);
        if (genericArity > 0)
        {
            id.Append("``").Append(genericArity);
        }

        if (signature.ParameterTypes.Length > 0)
        {
            id.Append('(').Append(string.Join(",", signature.ParameterTypes)).Append(')');
        }

        if (name is "op_Implicit" or "op_Explicit")
        {
            id.Append('~').Append(signature.ReturnType);
        }

        return id.ToString();
    }

    /// <summary>Decodes signatures into id form; stateless, so one serves every reader.</summary>
    public static ISignatureTypeProvider<string, object?> Provider { get; } = new IdProvider();

    /// <summary>Whether the method's type declares a method named <paramref name="name"/> (an async counterpart).</summary>
    public static bool TypeDeclares(string? assemblyPath, int methodToken, string name)
    {
        if (assemblyPath is null || methodToken == 0 || !File.Exists(assemblyPath))
        {
            return false;
        }

        try
        {
            using var stream = File.OpenRead(assemblyPath);
            using var pe = new PEReader(stream);
            MetadataReader metadata = pe.GetMetadataReader();
            var handle = (MethodDefinitionHandle)MetadataTokens.EntityHandle(methodToken);
            TypeDefinition type = metadata.GetTypeDefinition(metadata.GetMethodDefinition(handle).GetDeclaringType());
            return type.GetMethods().Any(m => metadata.StringComparer.Equals(metadata.GetMethodDefinition(m).Name, name));
        }
        catch (Exception e) when (e is BadImageFormatException or IOException or InvalidCastException or ArgumentException or InvalidOperationException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    /// <summary>A type's name in id form: namespace, enclosing types joined by '.', arity as `n.</summary>
    public static string TypeName(MetadataReader metadata, TypeDefinitionHandle handle)
    {
        TypeDefinition type = metadata.GetTypeDefinition(handle);
        string name = metadata.GetString(type.Name);
        TypeDefinitionHandle declaring = type.GetDeclaringType();
        if (!declaring.IsNil)
        {
            return TypeName(metadata, declaring) + "." + name;
        }

        string ns = metadata.GetString(type.Namespace);
        return ns.Length == 0 ? name : ns + "." + name;
    }

    /// <summary>Signature types in documentation-id form.</summary>
    private sealed class IdProvider : ISignatureTypeProvider<string, object?>
    {
        public string GetPrimitiveType(PrimitiveTypeCode typeCode) => typeCode switch
        {
            PrimitiveTypeCode.Boolean => "System.Boolean",
            PrimitiveTypeCode.Byte => "System.Byte",
            PrimitiveTypeCode.SByte => "System.SByte",
            PrimitiveTypeCode.Char => "System.Char",
            PrimitiveTypeCode.Int16 => "System.Int16",
            PrimitiveTypeCode.UInt16 => "System.UInt16",
            PrimitiveTypeCode.Int32 => "System.Int32",
            PrimitiveTypeCode.UInt32 => "System.UInt32",
            PrimitiveTypeCode.Int64 => "System.Int64",
            PrimitiveTypeCode.UInt64 => "System.UInt64",
            PrimitiveTypeCode.Single => "System.Single",
            PrimitiveTypeCode.Double => "System.Double",
            PrimitiveTypeCode.IntPtr => "System.IntPtr",
            PrimitiveTypeCode.UIntPtr => "System.UIntPtr",
            PrimitiveTypeCode.Object => "System.Object",
            PrimitiveTypeCode.String => "System.String",
            PrimitiveTypeCode.TypedReference => "System.TypedReference",
            PrimitiveTypeCode.Void => "System.Void",
            _ => typeCode.ToString(),
        };

        public string GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) => TypeName(reader, handle);

        public string GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind)
        {
            TypeReference reference = reader.GetTypeReference(handle);
            string name = reader.GetString(reference.Name);
            if (reference.ResolutionScope.Kind == HandleKind.TypeReference)
            {
                return GetTypeFromReference(reader, (TypeReferenceHandle)reference.ResolutionScope, rawTypeKind) + "." + name;
            }

            string ns = reader.GetString(reference.Namespace);
            return ns.Length == 0 ? name : ns + "." + name;
        }

        public string GetTypeFromSpecification(MetadataReader reader, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
            reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

        public string GetSZArrayType(string elementType) => elementType + "[]";

        // As the compiler writes a multi-dimensional array: each dimension from 0 ("System.Int32[0:,0:]").
        public string GetArrayType(string elementType, ArrayShape shape) =>
            elementType + "[" + string.Join(",", Enumerable.Repeat("0:", shape.Rank)) + "]";

        public string GetByReferenceType(string elementType) => elementType + "@";

        public string GetPointerType(string elementType) => elementType + "*";

        public string GetGenericInstantiation(string genericType, ImmutableArray<string> typeArguments)
        {
            int tick = genericType.LastIndexOf('`');
            string open = tick >= 0 ? genericType.Substring(0, tick) : genericType;
            return open + "{" + string.Join(",", typeArguments) + "}";
        }

        public string GetGenericTypeParameter(object? genericContext, int index) => "`" + index;

        public string GetGenericMethodParameter(object? genericContext, int index) => "``" + index;

        public string GetFunctionPointerType(MethodSignature<string> signature) => "=FUNC:" + signature.ReturnType;

        public string GetModifiedType(string modifier, string unmodifiedType, bool isRequired) => unmodifiedType;

        public string GetPinnedType(string elementType) => elementType;
    }
}
