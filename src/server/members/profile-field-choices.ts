import { getI18n } from '~/shared/i18n';
import type { Locale } from '~/shared/locales';
import { ALLOWED_VALUES, fieldValueLabelKey } from '~/shared/profile-fields';
import { registerAllMessages } from '../i18n/messages';

/** One allowed value of a profile field and its label in the caller's locale. */
export interface FieldChoice {
  value: string;
  label: string;
}

/**
 * `GET /api/interests.php` (docs/product.md §7): per profile field (gender and the optional
 * fields, as in `GET /api/profile_fields.php`) its allowed values in their order, each with its
 * label in `locale` (the messages of `locales/`; English where a text is missing).
 */
export function profileFieldChoices(locale: Locale): Record<string, FieldChoice[]> {
  registerAllMessages();
  const t = getI18n(locale).t;
  return Object.fromEntries(
    Object.entries(ALLOWED_VALUES).map(([field, values]) => [
      field,
      values.map((value) => ({ value, label: t(fieldValueLabelKey(field, value)) })),
    ]),
  );
}
