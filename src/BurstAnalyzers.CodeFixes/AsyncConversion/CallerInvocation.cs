using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>A call of a function whose return type becomes a Task: it must become an await.</summary>
internal readonly struct CallerInvocation
{
    public CallerInvocation(Document document, InvocationExpressionSyntax invocation)
    {
        Document = document;
        Invocation = invocation;
    }

    public Document Document { get; }

    public InvocationExpressionSyntax Invocation { get; }
}
