import { z } from 'zod';
import { messageSchema } from './chat';

/**
 * The member event stream `GET /api/events.php` (docs/product.md §7): the one
 * list of event names and their data. The server publishes only these (typed by
 * `MemberEventPayload`), the browser listens for exactly these names and parses
 * each event's data with its schema, and the stores switch on `MemberEventData`.
 */
export const memberEventSchemas = {
  /** A new message in one of the member's conversations (sent to both members). */
  message: z.object({ message: messageSchema }),
  /** The other member read the member's messages up to `up_to` (a message id). */
  read: z.object({ conversation: z.number().int(), up_to: z.number().int() }),
  /** The other member is typing in the conversation. */
  typing: z.object({ conversation: z.number().int(), from: z.number().int() }),
  /** Member `from` liked the member. */
  like: z.object({ from: z.number().int() }),
  /** The member deleted the conversation (in another tab or device). */
  chat_deleted: z.object({ conversation: z.number().int() }),
} as const;

/** An event name of the stream. */
export type MemberEventType = keyof typeof memberEventSchemas;

/** Every event name, as the browser subscribes to them. */
export const MEMBER_EVENT_TYPES = Object.keys(memberEventSchemas) as MemberEventType[];

/** The data of an event of type `T` (of any type when `T` is left out). */
export type MemberEventPayload<T extends MemberEventType = MemberEventType> = z.infer<(typeof memberEventSchemas)[T]>;

/** A parsed event: its name with its data, discriminated by `type`. */
export type MemberEventData = { [T in MemberEventType]: { type: T; data: MemberEventPayload<T> } }[MemberEventType];

/** True for a name in the list. */
export function isMemberEventType(type: string): type is MemberEventType {
  return Object.hasOwn(memberEventSchemas, type);
}

/** Parses an event's name and JSON-decoded data; null for an unknown name or data that does not fit its schema. */
export function parseMemberEvent(type: string, data: unknown): MemberEventData | null {
  if (!isMemberEventType(type)) return null;
  const parsed = memberEventSchemas[type].safeParse(data);
  return parsed.success ? ({ type, data: parsed.data } as MemberEventData) : null;
}
