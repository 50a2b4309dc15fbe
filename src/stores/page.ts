import { readBoot } from '../client/boot';
import { pageMessages } from '../client/language';
import { hasMessages, registerMessages } from '~/shared/i18n';
import type { Locale } from '~/shared/locales';

/**
 * What the server rendered into the page (`#amora-boot`, see src/client/boot.ts)
 * as islands need it. Outside the browser (server rendering) there is no boot data.
 */
const inBrowser = () => typeof document !== 'undefined';

/** The site's VAPID public key for push; null on the server or when the site has none. */
export function pagePushKey(): string | null {
  return inBrowser() ? readBoot().settings.push_pub : null;
}

/** docs/product.md §6: whether this visitor may sign up (else join prompts offer log-in). @throws outside the browser */
export function pageCanSignUp(): boolean {
  return readBoot().access.canSignUp;
}

/**
 * Registers the messages of the page's locale with i18n once, in the browser: from the
 * boot data or the 24-hour cache of build `buildId` (src/client/language.ts). On the
 * server the messages are registered at startup, so this does nothing there.
 */
export function ensurePageMessages(locale: Locale, buildId: string): void {
  if (inBrowser() && !hasMessages(locale)) registerMessages(locale, pageMessages(readBoot(), buildId));
}
