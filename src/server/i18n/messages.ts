import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import fr from '../../../locales/fr.json';
import it from '../../../locales/it.json';
import nl from '../../../locales/nl.json';
import pl from '../../../locales/pl.json';
import { registerMessages, type MessageTree } from '~/shared/i18n';
import type { Locale } from '~/shared/locales';

/** Message trees of the seven locales (files in `locales/`). */
export const MESSAGES: Record<Locale, MessageTree> = { en, nl, de, it, fr, es, pl };

let registered = false;

/** Registers every locale's messages with the shared i18n registry once per process. */
export function registerAllMessages(): void {
  if (registered) return;
  registered = true;
  for (const [locale, messages] of Object.entries(MESSAGES)) registerMessages(locale as Locale, messages);
}
