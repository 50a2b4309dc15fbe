/** The routes of the notifications operations (./index.ts). */
export const notificationSettings = {
  name: 'notificationSettings',
  method: 'GET',
  path: '/api/notifications.php',
} as const;
export const updateNotificationSettings = {
  name: 'updateNotificationSettings',
  method: 'PUT',
  path: '/api/notifications.php',
} as const;
