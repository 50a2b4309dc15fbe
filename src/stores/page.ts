import { BOOT_ELEMENT_ID, readBoot } from '../client/boot';
import { pageMessages } from '../client/language';
import { hasMessages, registerMessages } from '~/shared/i18n';

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
 * 24-hour cache of build `buildId`, else fetched (src/client/language.ts). Islands render
 * only after this has settled (src/islands/shell/use-t.ts awaits it when it loads). On the
 * server, and in a document without boot data, it does nothing: the server registers every
 * locale's messages at startup.
 */
export async function preparePageMessages(buildId: string): Promise<void> {
  if (!inBrowser() || !document.getElementById(BOOT_ELEMENT_ID)) return;
  const { locale } = readBoot();
  if (!hasMessages(locale)) registerMessages(locale, await pageMessages(locale, buildId));
}
