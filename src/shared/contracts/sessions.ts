import { z } from 'zod';
import { defineContract, noParams } from './define';
import * as routes from './routes';

/**
 * "Where you are logged in" (docs/product.md §10 Sessions), on `/api/sessions.php`. A session is
 * named by an opaque `handle` (a keyed hash of the session's id), never by the id itself.
 */

/** An opaque session handle: 22 base64url characters. */
export const sessionHandle = z.string().regex(/^[A-Za-z0-9_-]{22}$/, { error: 'validation.not_allowed' });

/** One live session of the member. */
export const sessionViewSchema = z.object({
  handle: sessionHandle,
  /** Browser name, null when unknown ("Chrome"). */
  browser: z.string().nullable(),
  /** Operating system name, null when unknown ("Android"). */
  os: z.string().nullable(),
  kind: z.enum(['mobile', 'tablet', 'desktop', 'tv']).nullable(),
  /** ISO 3166-1 alpha-2 country of the log-in address, null when unknown. */
  country: z.string().nullable(),
  /** ISO timestamps. */
  startedAt: z.string(),
  lastActiveAt: z.string(),
  /** True for the session of the device asking. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/** `GET`: the member's live sessions, this device first, then the most recently active. */
export const listSessionsContract = defineContract({
  ...routes.listSessions,
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: z.object({ sessions: z.array(sessionViewSchema) }),
  errors: ['not_logged_in'],
});

/** `POST ?action=end`: logs out the one session `handle` of the member ("log out there"). */
export const endSessionContract = defineContract({
  ...routes.endSession,
  auth: 'member',
  query: z.strictObject({ action: z.literal('end') }),
  body: z.strictObject({ handle: sessionHandle }),
  response: z.object({ ended: z.literal(true) }),
  errors: ['not_logged_in', 'validation_failed', 'not_found'],
});

/** `POST ?action=end-others`: logs out every session of the member but this one; `ended` counts them. */
export const endOtherSessionsContract = defineContract({
  ...routes.endOtherSessions,
  auth: 'member',
  query: z.strictObject({ action: z.literal('end-others') }),
  body: z.undefined(),
  response: z.object({ ended: z.number().int().nonnegative() }),
  errors: ['not_logged_in'],
});
