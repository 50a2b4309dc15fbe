import { z } from 'zod';

/**
 * Building blocks for the input fields of every contract (docs/product.md §5 Generic):
 * free text the database can store, and row ids it can hold. Input that fails them is a
 * 422 `validation_failed` naming the field, never a database error (500).
 */

/** Largest row id: ids are PostgreSQL `integer` (2³¹ − 1); a bigger number names no row. */
export const MAX_ID = 2 ** 31 - 1;

/** Message key of text that cannot be stored (a NUL or a lone surrogate). */
export const TEXT_INVALID_KEY = 'validation.text_invalid';

/** Message key of an id that is not a whole number from 1 to MAX_ID. */
export const ID_INVALID_KEY = 'validation.integer';

// A NUL, or a UTF-16 surrogate that is not part of a pair (with the `u` flag a pair is one
// code point outside the Cs category, so only lone halves match).
const UNSTORABLE = /[\0\p{Cs}]/u;

/**
 * Whether `value` can be stored as text: PostgreSQL refuses NUL in `text`, and a lone
 * surrogate is no character (UTF-8 cannot encode it; drivers would store U+FFFD instead).
 */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * A string input field that refuses unstorable text (`validation.text_invalid`) before any
 * later check runs; chain `.trim()`, `.min()`, `.max()`, `.regex()` as on `z.string()`.
 * `params` are `z.string()`'s (e.g. `{ error: 'validation.required' }` for a non-string).
 */
export function textField(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { error: TEXT_INVALID_KEY, abort: true });
}

/** A row id in a JSON body: a whole number from 1 to MAX_ID, else `validation.integer`. */
export const idField = z.number({ error: ID_INVALID_KEY }).int().positive().max(MAX_ID);

/** A row id in a query string (or a body that may send it as text): as `idField`, after `Number()`. */
export const idParam = z.coerce.number({ error: ID_INVALID_KEY }).int().positive().max(MAX_ID);
