import { z } from 'zod';
import { defineContract, idParam, noParams } from './define';
import { idField, textField } from './fields';
import { LOCALES } from '../locales';
import { publicProfileSchema } from './profile';
import * as routes from './routes';
import { MAX_MESSAGE_LENGTH } from './values';

export { MAX_MESSAGE_LENGTH };

export const gifSchema = z.object({
  id: z.string().min(1).max(128),
  url: z.url({ protocol: /^https?$/ }).or(z.string().regex(/^\/[A-Za-z0-9/_.-]+$/)),
  preview: z.url({ protocol: /^https?$/ }).or(z.string().regex(/^\/[A-Za-z0-9/_.-]+$/)),
  width: z.number().int().positive().max(2000),
  height: z.number().int().positive().max(2000),
  title: z.string().max(200),
});

/** A GIF's media as the GIF provider serves it (stored with the message). */
export type Gif = z.infer<typeof gifSchema>;

/** One chat message as both members see it; `text` is plain text, never HTML. */
export const messageSchema = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  from: z.number().int(),
  text: z.string().nullable(),
  gif: gifSchema.nullable(),
  created_at: z.string(),
  /** The recipient has seen it ("seen" receipt). */
  read: z.boolean(),
});
export type ChatMessage = z.infer<typeof messageSchema>;

/** docs/product.md §3 Chat entry plus the last message preview and time, newest first. */
export const chatEntrySchema = z.object({
  conversation: z.number().int(),
  profile: publicProfileSchema,
  /** docs/product.md §10: the other member deleted their account (shown as "Deleted member", no name or photo). */
  member_deleted: z.boolean(),
  num_unread_messages: z.number().int().min(0),
  last_message: z
    .object({ text: z.string().nullable(), gif: z.boolean(), from_me: z.boolean(), created_at: z.string() })
    .nullable(),
  updated_at: z.string(),
});
export type ChatEntry = z.infer<typeof chatEntrySchema>;

/** `GET /api/chats.php` (docs/product.md §7) → the member's conversations, newest first. */
export const chatsContract = defineContract({
  ...routes.chats,
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: z.object({ chats: z.array(chatEntrySchema) }),
  errors: ['not_logged_in'],
});

/** `GET /api/chat.php?profile=` (docs/product.md §7): the conversation with that member (created when new) → its id. */
export const startChatContract = defineContract({
  ...routes.startChat,
  auth: 'member',
  query: z.strictObject({ profile: idParam }),
  body: z.undefined(),
  response: z.object({ id: z.number().int() }),
  errors: ['not_logged_in', 'not_found', 'validation_failed', 'blocked'],
});

/** `DELETE /api/chat.php` {conversation} (docs/product.md §7): removes the chat from the member's list. */
export const deleteChatContract = defineContract({
  ...routes.deleteChat,
  auth: 'member',
  query: noParams,
  body: z.strictObject({ conversation: idField }),
  response: z.object({ deleted: z.literal(true) }),
  errors: ['not_logged_in', 'not_found'],
});

/** `GET /api/messages.php?conversation=&before=`: a page of messages (oldest first within the page, newest page first); marks them read. */
export const messagesContract = defineContract({
  ...routes.messages,
  auth: 'member',
  query: z.strictObject({ conversation: idParam, before: idParam.optional() }),
  body: z.undefined(),
  response: z.object({ messages: z.array(messageSchema), has_more: z.boolean() }),
  errors: ['not_logged_in', 'not_found', 'validation_failed'],
});

/** A GIF as sent: the provider's id (the server resolves the media, members never send URLs). */
export const gifIdSchema = z.string().regex(/^(offline:)?[A-Za-z0-9_-]{1,100}$/, { error: 'chat.gif_unknown' });

const messageText = textField()
  .trim()
  .min(1, { error: 'chat.message_empty' })
  .max(MAX_MESSAGE_LENGTH, { error: 'chat.message_too_long' });

/**
 * `POST /api/messages.php` {conversation | profile, text | gif} → the stored message and the sender's
 * credit balance. `profile` names the recipient when there may be no conversation yet: the first
 * message creates it (docs/product.md §7); the answer's `message.conversation` is its id.
 */
export const sendMessageContract = defineContract({
  ...routes.sendMessage,
  auth: 'member',
  query: noParams,
  body: z
    .strictObject({
      conversation: idField.optional(),
      profile: idField.optional(),
      text: messageText.optional(),
      gif: gifIdSchema.optional(),
    })
    .refine((body) => (body.text === undefined) !== (body.gif === undefined), {
      error: 'chat.message_empty',
      path: ['text'],
    })
    .refine((body) => (body.conversation === undefined) !== (body.profile === undefined), {
      error: 'validation.required',
      path: ['conversation'],
    }),
  response: z.object({ message: messageSchema, credits: z.number().int().min(0) }),
  errors: ['not_logged_in', 'not_found', 'validation_failed', 'blocked', 'insufficient_credits', 'member_deleted'],
});

/** `GET /api/gifs.php?q=&locale=`: GIFs for the chat's picker (featured ones for an empty query), in the locale's GIF-service language. */
export const gifsContract = defineContract({
  ...routes.gifs,
  auth: 'member',
  query: z.strictObject({ q: textField().trim().max(50).default(''), locale: z.enum(LOCALES).optional() }),
  body: z.undefined(),
  response: z.object({ gifs: z.array(gifSchema) }),
  errors: ['not_logged_in', 'validation_failed'],
});

/** `POST /api/typing.php` {conversation}: tells the other member "typing…" (sent at most every 3 s while typing). */
export const typingContract = defineContract({
  ...routes.typing,
  auth: 'member',
  query: noParams,
  body: z.strictObject({ conversation: idField }),
  response: z.object({ sent: z.boolean() }),
  errors: ['not_logged_in', 'not_found'],
});
