using System.IO;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using System.Xml;

namespace BurstAnalyzers.Offload.SoapCore.DepthLimit;

/// <summary>Whether an XML document nests elements deeper than a limit, read as a stream (no tree is built).</summary>
internal static class XmlDepth
{
    private static readonly XmlReaderSettings s_settings = new()
    {
        Async = true,
        CloseInput = false,
        DtdProcessing = DtdProcessing.Prohibit,
        XmlResolver = null,
        IgnoreComments = true,
        IgnoreWhitespace = true,
        IgnoreProcessingInstructions = true,
    };

    /// <summary>
    /// True when an element sits deeper than <paramref name="maxDepth"/> (the root being 1); stops reading there. False
    /// when the document fits, and when it is not well-formed XML before that point: whoever parses it next rejects it
    /// in its own way.
    /// </summary>
    /// <param name="body">The document, read from its current position and left wherever reading stopped.</param>
    /// <param name="encoding">The encoding the request declares, or null to detect it as XML does.</param>
    /// <param name="maxDepth">The deepest element nesting accepted.</param>
    /// <param name="cancellationToken">Stops reading (the request was aborted).</param>
    public static async Task<bool> ExceedsAsync(Stream body, Encoding? encoding, int maxDepth, CancellationToken cancellationToken)
    {
        using TextReader? text = encoding is null ? null : new StreamReader(body, encoding, detectEncodingFromByteOrderMarks: true, leaveOpen: true);
        using XmlReader reader = text is null ? XmlReader.Create(body, s_settings) : XmlReader.Create(text, s_settings);
        try
        {
            while (await reader.ReadAsync().ConfigureAwait(false))
            {
                cancellationToken.ThrowIfCancellationRequested();
                if (reader.NodeType == XmlNodeType.Element && reader.Depth >= maxDepth)
                {
                    return true;
                }
            }
        }
        catch (XmlException)
        {
            return false;
        }

        return false;
    }
}
