// netstandard2.0 lacks the types that some newer C# features compile against.
namespace System.Runtime.CompilerServices;

internal static class IsExternalInit
{
}
