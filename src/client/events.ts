import { MEMBER_EVENT_TYPES, parseMemberEvent, type MemberEventData } from '~/shared/contracts/events';

/**
 * The member's realtime stream (`GET /api/events.php`) over
 * EventSource: it reconnects by itself and resumes with Last-Event-ID, so no
 * event is lost or repeated. Handlers get each event parsed by its schema in
 * src/shared/contracts/events.ts; an event whose data does not fit is dropped.
 */
export type StreamStatus = 'connecting' | 'open' | 'down';

export interface StreamHandlers {
  onEvent(event: MemberEventData): void;
  onStatus(status: StreamStatus): void;
}

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
  for (const type of MEMBER_EVENT_TYPES) {
    source.addEventListener(type, (event) => {
      try {
        const parsed = parseMemberEvent(type, JSON.parse((event as MessageEvent<string>).data));
        if (parsed) handlers.onEvent(parsed);
      } catch (error) {
        console.warn('bad stream event', type, error);
      }
    });
  }
  return () => source.close();
}
