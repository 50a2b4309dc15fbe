import { isMemberEventType, type MemberEventPayload } from '~/shared/contracts/events';
import type { CachedEvent } from './hub';

/**
 * The NOTIFY payload that announces a member event to every process (channel `amora_events`):
 * `userId:seq`, followed by `:type:payload` (the event's name and its JSON data) when the payload
 * fits, so the processes holding the member's streams send it without reading it back from the
 * database. PostgreSQL refuses NOTIFY payloads of 8,000 bytes and more; longer events go as ids.
 */

/** The longest event data (bytes of JSON) a notice carries; with the ids and name it stays under 8,000. */
export const NOTICE_PAYLOAD_MAX_BYTES = 7_800;

/** A notice read back: whose event and its number, and the event itself when the notice carried it. */
export interface EventNotice {
  userId: number;
  seq: number;
  event: CachedEvent | null;
}

/**
 * Reads a notice. Null for anything that is not `userId:seq[:type:json]` with whole numbers; a
 * notice whose name is unknown or whose data does not parse keeps its ids (the stream then reads
 * the event from the database) and loses only the event.
 */
export function parseEventNotice(text: string): EventNotice | null {
  const first = text.indexOf(':');
  const second = text.indexOf(':', first + 1);
  const userId = Number(text.slice(0, first));
  const seq = Number(second === -1 ? text.slice(first + 1) : text.slice(first + 1, second));
  if (first <= 0 || !Number.isInteger(userId) || !Number.isInteger(seq) || seq <= 0) return null;
  if (second === -1) return { userId, seq, event: null };
  const third = text.indexOf(':', second + 1);
  const type = text.slice(second + 1, third === -1 ? undefined : third);
  if (third === -1 || !isMemberEventType(type)) return { userId, seq, event: null };
  try {
    const payload = JSON.parse(text.slice(third + 1)) as MemberEventPayload;
    return { userId, seq, event: { id: seq, type, payload } };
  } catch {
    return { userId, seq, event: null };
  }
}
