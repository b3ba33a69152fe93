using System.Diagnostics.Tracing;

namespace BurstAnalyzers.Diagnostics.Runtime;

/// <summary>
/// A listener for one event source that is switched on and off at run time: the detector listens to costly events only
/// while they can tell it something. The source may appear before or after the switch is thrown.
/// </summary>
internal abstract class SwitchableListener : EventListener
{
    // Field initialisers run before the EventListener constructor, which already calls OnEventSourceCreated for the
    // sources that exist.
    private readonly object _gate = new();
    private EventSource? _source;
    // Read without the lock: the runtime's dispatcher thread asks while another thread may hold the lock inside
    // EnableEvents/DisableEvents, which on some runtimes wait for that dispatcher.
    private volatile bool _on;

    public bool IsOn => _on;

    /// <summary>The name of the one source listened to; read from the base constructor, so only from fields set by initialisers.</summary>
    protected abstract string SourceName { get; }

    public void TurnOn() => Switch(on: true);

    public void TurnOff() => Switch(on: false);

    /// <summary>Subscribes to <paramref name="source"/> with the level and keywords this listener needs.</summary>
    protected abstract void Enable(EventSource source);

    protected sealed override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name != SourceName)
        {
            return;
        }

        lock (_gate)
        {
            _source = eventSource;
            if (_on)
            {
                Enable(eventSource);
            }
        }
    }

    private void Switch(bool on)
    {
        lock (_gate)
        {
            if (_on == on)
            {
                return;
            }

            _on = on;
            if (_source is null)
            {
                return;
            }

            if (on)
            {
                Enable(_source);
            }
            else
            {
                DisableEvents(_source);
            }
        }
    }
}
