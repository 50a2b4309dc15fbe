import { map } from 'nanostores';
import { callApi } from '../client/api';
import type { NotificationSettingKey, NotificationSettings } from '~/shared/contracts/notifications';
import { failureMessageKey } from './failures';
import * as routes from '~/shared/contracts/routes';

/**
 * The member's notification choices on /notifications (docs/product.md §10 Notifications).
 * Each switch saves at once: the change shows immediately, is sent on its own, and is undone
 * when the server refuses it.
 */
export interface NotificationSettingsState {
  status: 'loading' | 'ready' | 'failed';
  /** What the switches show (the member's latest choice, possibly still being saved). */
  settings: NotificationSettings | null;
  /** Switches whose change is on its way. */
  saving: NotificationSettingKey[];
  /** Outcome of the latest change, for the section's status line: 'saved', or an i18n key. */
  lastSave: { key: NotificationSettingKey; outcome: 'saved' | 'failed'; message: string | null } | null;
}

const INITIAL: NotificationSettingsState = { status: 'loading', settings: null, saving: [], lastSave: null };

export const $notificationSettings = map<NotificationSettingsState>({ ...INITIAL });

/** What the server last confirmed: a refused change falls back to it. */
let confirmed: NotificationSettings | null = null;
/** Changes sent per switch; only the newest answer of a switch may set what it shows. */
const sent = new Map<NotificationSettingKey, number>();

function patch(change: Partial<NotificationSettingsState>): void {
  $notificationSettings.set({ ...$notificationSettings.get(), ...change });
}

/** Loads the member's settings (`GET /api/notifications.php`); a failure shows `status: 'failed'`. */
export async function loadNotificationSettings(): Promise<void> {
  patch({ status: 'loading' });
  try {
    const { settings } = await callApi(routes.notificationSettings);
    confirmed = settings;
    patch({ status: 'ready', settings });
  } catch (error) {
    console.warn('notification settings failed to load', error);
    patch({ status: 'failed' });
  }
}

/**
 * Turns one choice on or off and saves it (`PUT /api/notifications.php` with that field only).
 * @returns whether the server took it; on failure the switch goes back to the saved value.
 */
export async function setNotificationSetting(key: NotificationSettingKey, value: boolean): Promise<boolean> {
  const shown = $notificationSettings.get().settings;
  if (!shown) return false;
  const turn = (sent.get(key) ?? 0) + 1;
  sent.set(key, turn);
  const saving = $notificationSettings.get().saving.filter((k) => k !== key);
  patch({ settings: { ...shown, [key]: value }, saving: [...saving, key] });
  const isNewest = () => sent.get(key) === turn;
  try {
    const { settings } = await callApi(routes.updateNotificationSettings, { body: { [key]: value } });
    confirmed = { ...(confirmed ?? settings), [key]: settings[key] };
    if (isNewest()) finish(key, settings[key], { key, outcome: 'saved', message: null });
    return true;
  } catch (error) {
    if (isNewest()) {
      const fallback = confirmed ? confirmed[key] : !value;
      finish(key, fallback, { key, outcome: 'failed', message: failureMessageKey(error) });
    }
    return false;
  }
}

function finish(key: NotificationSettingKey, value: boolean, lastSave: NotificationSettingsState['lastSave']): void {
  const { settings, saving } = $notificationSettings.get();
  patch({
    settings: settings ? { ...settings, [key]: value } : settings,
    saving: saving.filter((k) => k !== key),
    lastSave,
  });
}

/** Back to the first state (tests, logout). */
export function resetNotificationSettings(): void {
  confirmed = null;
  sent.clear();
  $notificationSettings.set({ ...INITIAL });
}
