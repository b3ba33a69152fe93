using System.Reflection.Metadata;

namespace BurstAnalyzers.BuildTasks.LibraryScan;

/// <summary>A field's type as its signature writes it, for the scan's questions about fields (is it a reference, is it a
/// <c>SemaphoreSlim</c>): the decoder's type codes do not tell a class from a struct, the raw element type does.</summary>
internal static class FieldSignatures
{
    /// <summary>The raw element type (ECMA-335 II.23.1.16) of <paramref name="field"/>'s signature, custom modifiers
    /// skipped, and the reader left after it (a class's or generic instance's type follows); false for anything that is
    /// not a field (a method reference, another handle kind).</summary>
    public static bool TryReadElement(MetadataReader metadata, EntityHandle field, out byte element, out BlobReader signature)
    {
        element = 0;
        switch (field.Kind)
        {
            case HandleKind.FieldDefinition:
                signature = metadata.GetBlobReader(metadata.GetFieldDefinition((FieldDefinitionHandle)field).Signature);
                break;
            case HandleKind.MemberReference:
                var reference = metadata.GetMemberReference((MemberReferenceHandle)field);
                if (reference.GetKind() != MemberReferenceKind.Field)
                {
                    signature = default;
                    return false;
                }

                signature = metadata.GetBlobReader(reference.Signature);
                break;
            default:
                signature = default;
                return false;
        }

        if (signature.ReadSignatureHeader().Kind != SignatureKind.Field)
        {
            return false;
        }

        element = signature.ReadByte();
        while (element is 0x1F or 0x20)
        {
            signature.ReadTypeHandle(); // a custom modifier's type
            element = signature.ReadByte();
        }

        return true;
    }
}
