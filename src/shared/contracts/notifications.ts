import { z } from 'zod';
import { defineContract, noParams } from './define';
import * as routes from './routes';

/** What a member can be notified about (docs/product.md §10 Notifications). */
/**
 * No "news from the site" kind: the product sends no newsletter, and a switch for mails that never
 * come would be a setting that does nothing (docs/product.md §10).
 */
export const NOTIFICATION_KINDS = ['message', 'like'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a notification can reach the member. */
export const NOTIFICATION_CHANNELS = ['mail', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The settings field of one kind on one channel, e.g. `message_mail`. */
export type NotificationSettingKey = `${NotificationKind}_${NotificationChannel}`;

/** Per kind, e-mail and push on or off. */
export const notificationSettingsSchema = z.object({
  message_mail: z.boolean(),
  message_push: z.boolean(),
  like_mail: z.boolean(),
  like_push: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * What a member who never chose has: messages and likes on. Same as the column defaults of `notification_settings`.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  message_mail: true,
  message_push: true,
  like_mail: true,
  like_push: true,
};

/** `GET /api/notifications.php`: the member's own notification settings (defaults when never saved). */
export const notificationSettingsContract = defineContract({
  ...routes.notificationSettings,
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: z.object({ settings: notificationSettingsSchema }),
  errors: ['not_logged_in'],
});

/**
 * `PUT /api/notifications.php` with one or more fields to change (e.g. `{ "message_mail": false }`);
 * answers all settings after the change. An empty body is `validation_failed`.
 */
export const updateNotificationSettingsContract = defineContract({
  ...routes.updateNotificationSettings,
  auth: 'member',
  query: noParams,
  body: z
    .strictObject(notificationSettingsSchema.partial().shape)
    .refine((change) => Object.keys(change).length > 0, { error: 'notifications.nothing_to_change' }),
  response: z.object({ settings: notificationSettingsSchema }),
  errors: ['validation_failed', 'not_logged_in'],
});
