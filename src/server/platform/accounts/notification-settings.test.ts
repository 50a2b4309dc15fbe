import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '~/shared/contracts/notifications';
import { notificationSettings } from '../../db/schema';

describe('notification defaults (docs/product.md §10 Notifications)', () => {
  it('are the column defaults of notification_settings: messages and likes on', () => {
    const columns = getTableColumns(notificationSettings);
    expect({
      message_mail: columns.messageMail.default,
      message_push: columns.messagePush.default,
      like_mail: columns.likeMail.default,
      like_push: columns.likePush.default,
    }).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });
});
