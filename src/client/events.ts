/**
 * The member's realtime stream (`GET /api/events.php`) over
 * EventSource: it reconnects by itself and resumes with Last-Event-ID, so no
 * event is lost or repeated. Handlers get each event's name and parsed data.
 */
export type StreamStatus = 'connecting' | 'open' | 'down';

export interface StreamHandlers {
  onEvent(type: string, data: unknown): void;
  onStatus(status: StreamStatus): void;
}

const EVENT_TYPES = ['message', 'read', 'typing', 'like', 'chat_deleted'] as const;

/** Opens the stream; returns a function that closes it. No-op where EventSource is missing. */
export function openEventStream(handlers: StreamHandlers): () => void {
  if (typeof EventSource === 'undefined') {
    handlers.onStatus('down');
    return () => undefined;
  }
  const source = new EventSource('/api/events.php', { withCredentials: true });
  handlers.onStatus('connecting');
  source.onopen = () => handlers.onStatus('open');
  source.onerror = () => handlers.onStatus(source.readyState === EventSource.CLOSED ? 'down' : 'connecting');
  for (const type of EVENT_TYPES) {
    source.addEventListener(type, (event) => {
      try {
        handlers.onEvent(type, JSON.parse((event as MessageEvent<string>).data));
      } catch (error) {
        console.warn('bad stream event', type, error);
      }
    });
  }
  return () => source.close();
}
