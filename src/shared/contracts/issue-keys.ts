/**
 * Message keys for validation issues (docs/architecture.md §6 convention 4): an API answer's
 * `issues` and the islands' own field checks carry i18n keys, never zod's English. A contract
 * that names its own key (`{ error: 'validation.email' }`, `search.min_age_above_max_age`) keeps
 * it; any other issue gets the generic key of its kind below. Isomorphic (no zod at run time), so
 * islands use it on the issues of their own `safeParse` too.
 */

/** The parts of a zod issue the mapping reads (zod 4's `$ZodIssue`, loosely typed so no zod import is needed). */
export interface ZodIssueLike {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  input?: unknown;
  origin?: string;
  expected?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

/** An i18n key: dotted lower-case words (`validation.required`), which no English sentence is. */
const MESSAGE_KEY = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

/** Whether `message` is an i18n message key rather than text. */
export function isMessageKey(message: string): boolean {
  return MESSAGE_KEY.test(message);
}

/** Keys of the generic messages below, each in every locale (`validation.*`, `errors.unknown_field`). */
export const GENERIC_ISSUE_KEYS = [
  'validation.required',
  'validation.number',
  'validation.integer',
  'validation.invalid_type',
  'validation.too_short',
  'validation.too_long',
  'validation.too_small',
  'validation.too_big',
  'validation.too_few_items',
  'validation.too_many_items',
  'validation.email',
  'validation.date',
  'validation.format',
  'validation.not_allowed',
  'validation.invalid',
  'errors.unknown_field',
] as const;

type GenericIssueKey = (typeof GENERIC_ISSUE_KEYS)[number];

const SIZE_ORIGINS = new Set(['array', 'set', 'map', 'file']);

function sizeKey(issue: ZodIssueLike, small: boolean): GenericIssueKey {
  if (issue.origin === 'string') {
    // "at least 1 character" is how zod says a text is required.
    if (small && Number(issue.minimum) === 1) return 'validation.required';
    return small ? 'validation.too_short' : 'validation.too_long';
  }
  if (issue.origin !== undefined && SIZE_ORIGINS.has(issue.origin))
    return small ? 'validation.too_few_items' : 'validation.too_many_items';
  return small ? 'validation.too_small' : 'validation.too_big';
}

function formatKey(format: string | undefined): GenericIssueKey {
  if (format === 'email') return 'validation.email';
  if (format === 'date' || format === 'datetime' || format === 'time') return 'validation.date';
  return 'validation.format';
}

/** The value at `path` inside `root` (undefined when any step is missing). */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const step of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[step];
  }
  return node;
}

/**
 * The generic key of an issue by its kind (code, origin, format), ignoring its message. `root`
 * is the parsed input: zod leaves the value out of its issues, and a missing field is
 * `validation.required` where a wrong one is a type error.
 */
function genericIssueKey(issue: ZodIssueLike, root?: unknown): GenericIssueKey {
  switch (issue.code) {
    case 'invalid_type':
      if (('input' in issue ? issue.input : valueAt(root, issue.path)) === undefined) return 'validation.required';
      if (issue.expected === 'int') return 'validation.integer';
      if (issue.expected === 'number' || issue.expected === 'bigint') return 'validation.number';
      return 'validation.invalid_type';
    case 'too_small':
      return sizeKey(issue, true);
    case 'too_big':
      return sizeKey(issue, false);
    case 'invalid_format':
      return formatKey(issue.format);
    case 'invalid_value':
      return 'validation.not_allowed';
    case 'unrecognized_keys':
      return 'errors.unknown_field';
    default:
      // invalid_union, invalid_key, invalid_element, not_multiple_of, custom without a key.
      return 'validation.invalid';
  }
}

/**
 * The message key of one issue of parsing `root`: an unknown key is always
 * `errors.unknown_field`; a key the contract gave stays; zod's own English becomes the generic key
 * of its kind (without `root`, a missing field reads as a wrong type).
 */
export function issueMessageKey(issue: ZodIssueLike, root?: unknown): string {
  if (issue.code === 'unrecognized_keys') return 'errors.unknown_field';
  return isMessageKey(issue.message) ? issue.message : genericIssueKey(issue, root);
}
