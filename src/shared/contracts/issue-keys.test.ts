import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import en from '../../../locales/en.json';
import { GENERIC_ISSUE_KEYS, isMessageKey, issueMessageKey } from './issue-keys';

/** The message keys zod's issues get for `input` against `schema`. */
const keysOf = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((issue) => [issue.path.join('.'), issueMessageKey(issue, input)]);

const lookup = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe('validation issues as message keys (docs/architecture.md §6 convention 4)', () => {
  it('tells keys from text', () => {
    expect(isMessageKey('validation.required')).toBe(true);
    expect(isMessageKey('search.min_age_above_max_age')).toBe(true);
    for (const text of ['Invalid input: expected string, received number', 'Required', 'must not be before from', '']) {
      expect(isMessageKey(text), text).toBe(false);
    }
  });

  it('maps each kind of zod issue to its generic key', () => {
    const schema = z.strictObject({
      name: z.string().min(1),
      about: z.string().min(3).max(5),
      age: z.number().int().min(18).max(99),
      count: z.number(),
      whole: z.int(),
      mail: z.email(),
      day: z.iso.date(),
      code: z.string().regex(/^\d+$/),
      kind: z.enum(['a', 'b']),
      tags: z.array(z.string()).min(1).max(2),
      flag: z.boolean(),
      either: z.union([z.string(), z.number()]),
      checked: z.string().refine((value) => value === 'ok'),
    });
    const input = {
      name: '',
      about: 'toolong',
      age: 17,
      count: 'x',
      whole: 1.5,
      mail: 'nope',
      day: '2026-13-40',
      code: 'abc',
      kind: 'c',
      tags: ['a', 'b', 'c'],
      flag: 'yes',
      either: true,
      checked: 'no',
      extra: 1,
    };
    expect(keysOf(schema, input)).toEqual([
      ['name', 'validation.required'],
      ['about', 'validation.too_long'],
      ['age', 'validation.too_small'],
      ['count', 'validation.number'],
      ['whole', 'validation.integer'],
      ['mail', 'validation.email'],
      ['day', 'validation.date'],
      ['code', 'validation.format'],
      ['kind', 'validation.not_allowed'],
      ['tags', 'validation.too_many_items'],
      ['flag', 'validation.invalid_type'],
      ['either', 'validation.invalid'],
      ['checked', 'validation.invalid'],
      ['', 'errors.unknown_field'],
    ]);
    expect(
      keysOf(z.strictObject({ about: z.string().min(3), tags: z.array(z.string()).min(1) }), { about: 'ab', tags: [] }),
    ).toEqual([
      ['about', 'validation.too_short'],
      ['tags', 'validation.too_few_items'],
    ]);
    expect(keysOf(z.strictObject({ name: z.string(), age: z.number().max(9) }), { age: 10 })).toEqual([
      ['name', 'validation.required'],
      ['age', 'validation.too_big'],
    ]);
  });

  it('keeps the key a contract names, and refuses unknown fields with errors.unknown_field', () => {
    const schema = z.strictObject({
      email: z.string({ error: 'validation.required' }).pipe(z.email({ error: 'validation.email' })),
      age: z.number().refine((age) => age >= 18, { error: 'signup.too_young' }),
    });
    expect(keysOf(schema, { email: 'x', age: 3 })).toEqual([
      ['email', 'validation.email'],
      ['age', 'signup.too_young'],
    ]);
    expect(keysOf(schema, { email: 5, age: 20, other: 1 })).toEqual([
      ['email', 'validation.required'],
      ['', 'errors.unknown_field'],
    ]);
  });

  it('has every generic key in the locales', () => {
    for (const key of GENERIC_ISSUE_KEYS) expect(typeof lookup(key), key).toBe('string');
  });
});
