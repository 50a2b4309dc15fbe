import { z } from 'zod';
import { defineContract } from './define';
import { isStorableText, TEXT_INVALID_KEY, textField } from './fields';
import * as routes from './routes';

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'push.invalid_key' });

/** A browser PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'push.invalid_endpoint' })
    .max(2048)
    .refine(isStorableText, { error: TEXT_INVALID_KEY }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url.max(200), auth: base64url.max(100) }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** What the push worker (`/sw-push.js`) receives: shown as a notification that opens `url`. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
  /** App badge: unread messages plus new likes (docs/product.md §9). */
  badge_count: z.number().int().min(0).optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** `POST /api/user.php?push=1` (docs/product.md §7): adds the subscription to the account. */
export const pushSubscribeContract = defineContract({
  ...routes.pushSubscribe,
  auth: 'member',
  query: z.strictObject({ push: z.literal('1') }),
  body: z.strictObject({ subscription: pushSubscriptionSchema }),
  response: z.object({ subscribed: z.literal(true) }),
  errors: ['validation_failed', 'not_logged_in'],
});

/** `DELETE /api/user.php?push=1`: removes a subscription of the account. */
export const pushUnsubscribeContract = defineContract({
  ...routes.pushUnsubscribe,
  auth: 'member',
  query: z.strictObject({ push: z.literal('1') }),
  body: z.strictObject({ endpoint: textField().max(2048) }),
  response: z.object({ subscribed: z.literal(false) }),
  errors: ['validation_failed', 'not_logged_in'],
});

/** `POST /api/page-hidden.php` with `{}` (docs/product.md §7), sent when the page becomes hidden. */
export const pageHiddenContract = defineContract({
  ...routes.pageHidden,
  auth: 'visitor',
  query: z.strictObject({}),
  body: z.strictObject({}),
  response: z.object({ recorded: z.boolean() }),
  errors: [],
});
