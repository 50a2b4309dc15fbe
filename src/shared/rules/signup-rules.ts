import { z } from 'zod';
import { textField } from '../contracts/fields';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

/**
 * Validation rules of docs/product.md §5 for e-mail, name and password, shared by the
 * signup/login forms and the API. Messages are i18n keys
 * (`validation.*`, `signup.*`); min/max lengths travel as i18n params in the key
 * suffix handled by `describeIssue`.
 */

/** docs/product.md §5 E-mail: a valid address ("Value is not a valid email address"). */
export const emailRule = textField({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(EMAIL_MAX_LENGTH, { error: 'validation.email' })
  .pipe(z.email({ error: 'validation.email' }))
  .transform((value) => value.toLowerCase());

/** docs/product.md §5 Name: required, 1–150 characters, must not start with @. */
export const nameRule = textField({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(NAME_MAX_LENGTH, { error: 'validation.max_length' })
  .refine((value) => !value.startsWith('@'), { error: 'signup.name_starts_with_at' });

/** docs/product.md §5 Password: must not be empty; we also require PASSWORD_MIN_LENGTH characters. */
export const passwordRule = textField({ error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation.min_length' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.max_length' });

/** docs/product.md §5: the name must not equal the e-mail address (case-insensitive). */
export function isNameEqualToEmail(name: string, email: string): boolean {
  return name.trim().toLowerCase() === email.trim().toLowerCase() && name.trim() !== '';
}

/** docs/product.md §5: the server e-mail check runs only once the value contains `@` and a dot. */
export function isEmailCheckable(value: string): boolean {
  return value.includes('@') && value.includes('.');
}

/** docs/product.md §5: prefill the name from the part before `@` when the name is empty. */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  return local
    .replace(/[._+-]+/g, ' ')
    .trim()
    .slice(0, NAME_MAX_LENGTH);
}

/** i18n parameters for a rule's message key (e.g. the N of "at least N characters"), by field then key. */
export const RULE_PARAMS: Record<string, Record<string, Record<string, number>>> = {
  password: {
    'validation.min_length': { count: PASSWORD_MIN_LENGTH },
    'validation.max_length': { count: PASSWORD_MAX_LENGTH },
  },
  name: { 'validation.max_length': { count: NAME_MAX_LENGTH } },
};
