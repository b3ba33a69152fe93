using System;

namespace BurstAnalyzers.Attach.Target;

/// <summary>Why the tool cannot attach (or stay attached), in words for the person who ran it; exit code 2.</summary>
internal sealed class AttachFailure(string message, Exception? inner = null) : Exception(message, inner);
