import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ApiIssue } from '~/shared/errors';
import { RULE_PARAMS } from '~/shared/rules/signup-rules';
import { issueMessageKey } from '~/shared/contracts/issue-keys';

/**
 * First message key per field from a zod error or API issues: `{ email: 'validation.email' }`.
 * A zod issue without a key of its own gets its generic key (`issueMessageKey`), never zod's English.
 */
export function fieldErrors(issues: readonly (z.core.$ZodIssue | ApiIssue)[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = Array.isArray(issue.path) ? issue.path.join('.') : String(issue.path);
    if (!(path in errors)) errors[path] = 'code' in issue ? issueMessageKey(issue) : issue.message;
  }
  return errors;
}

/** i18n parameters for a field's message key (e.g. `count` for min_length). */
export function messageParams(field: string, key: string): Record<string, number> {
  return RULE_PARAMS[field]?.[key] ?? {};
}

/** The translated message of `field` in `errors` (with its rule's parameters), or null when it has none. */
export function fieldMessage(t: TFunction, errors: Record<string, string>, field: string): string | null {
  const key = errors[field];
  return key ? t(key, messageParams(field, key)) : null;
}
