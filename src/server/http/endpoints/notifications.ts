import { notificationSettingsContract, updateNotificationSettingsContract } from '~/shared/contracts/notifications';
import { ok } from '~/shared/errors';
import { getNotificationSettings, updateNotificationSettings } from '../../platform/accounts/notification-settings';
import { defineOperation } from '../api';

/** `GET|PUT /api/notifications.php`: the member's own notification settings (docs/product.md §10 Notifications). */
export const notificationsEndpoint = [
  defineOperation(notificationSettingsContract, async (_input, req) =>
    ok({ settings: await getNotificationSettings(req.ctx, req.session.userId) }),
  ),
  defineOperation(updateNotificationSettingsContract, async ({ body }, req) =>
    ok({ settings: await updateNotificationSettings(req.ctx, req.session.userId, body) }),
  ),
];
