import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Contract } from './define';
import { idField, idParam, isStorableText, MAX_ID, textField } from './fields';

/** The member API's contracts and the operator console's (`./admin`): the same input rules apply to both. */
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', './admin/*.ts', '!./*.test.ts'], { eager: true });

function allContracts(): [string, Contract][] {
  return Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(([name, value]) => name.endsWith('Contract') && typeof value === 'object' && value && 'path' in value)
      .map(([name, value]) => [`${file} ${name}`, value as Contract] as [string, Contract]),
  );
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
}

/** Every string and number schema inside `schema`, with its path (zod 4 definitions). */
function leaves(schema: z.ZodType, path: string): { path: string; type: string; schema: z.ZodType }[] {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (def.type === 'string' || def.type === 'number') return [{ path, type: def.type, schema }];
  const inner: [string, z.ZodType | undefined][] = [
    ...Object.entries(def.shape ?? {}).map(([key, value]): [string, z.ZodType] => [`${path}.${key}`, value]),
    ...(def.options ?? []).map((option): [string, z.ZodType] => [path, option]),
    ...(['innerType', 'in', 'out', 'left', 'right', 'element', 'keyType', 'valueType'] as const).map(
      (key): [string, z.ZodType | undefined] => [key === 'keyType' ? `${path}[key]` : path, def[key]],
    ),
  ];
  return inner.flatMap(([at, child]) => (child ? leaves(child, at) : []));
}

/** Unstorable text, bare and inside values that pass format checks (an https URL). */
const UNSTORABLE_PROBES = [
  'a\u0000b',
  'a\uD800',
  '\uDC00b',
  'https://example.com/a\u0000b',
  'https://example.com/\uD800',
];

/** Number inputs that are no row id and never reach the database: a push subscription's expiry (ms). */
const UNBOUNDED_NUMBERS = new Set(['pushSubscribeContract body.subscription.expirationTime']);

describe('input fields (docs/product.md §5 Generic)', () => {
  it('tells storable text from NUL and lone surrogates', () => {
    for (const good of ['', 'Hello', 'Zoë 😀 日本', 'tab\tand\nnewline']) expect(isStorableText(good), good).toBe(true);
    for (const bad of ['\u0000', 'a\u0000b', '\uD83D', 'x\uDE00', '\uDE00\uD83D', 'ok 😀 \uD800']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses unstorable text with its key before the field’s own checks', () => {
    const name = textField({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' });
    expect(name.parse('  Anna ')).toBe('Anna');
    expect(name.safeParse(' \u0000 ').error?.issues.map((i) => i.message)).toEqual(['validation.text_invalid']);
    expect(name.safeParse('\uD800').error?.issues.map((i) => i.message)).toEqual(['validation.text_invalid']);
    expect(name.safeParse(5).error?.issues.map((i) => i.message)).toEqual(['validation.required']);
  });

  it('takes ids from 1 to 2³¹ − 1 only', () => {
    expect(idField.parse(MAX_ID)).toBe(MAX_ID);
    expect(idParam.parse(String(MAX_ID))).toBe(MAX_ID);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, 1e300, '7', null]) {
      expect(idField.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe('validation.integer');
    }
    for (const bad of ['0', 'x', String(MAX_ID + 1), '1e300', '']) {
      expect(idParam.safeParse(bad).error?.issues[0]?.message, bad).toBe('validation.integer');
    }
  });

  it('every contract refuses NUL and lone surrogates in every text input, and numbers past 2³¹ − 1', () => {
    const found = allContracts().flatMap(([name, contract]) => [
      ...leaves(contract.query, `${name.split(' ')[1]} query`),
      ...leaves(contract.body, `${name.split(' ')[1]} body`),
    ]);
    expect(found.filter((leaf) => leaf.type === 'string').length).toBeGreaterThan(40);
    const accepted = found.flatMap((leaf) => {
      if (leaf.type === 'number') {
        return UNBOUNDED_NUMBERS.has(leaf.path) || !leaf.schema.safeParse(MAX_ID + 1).success ? [] : [leaf.path];
      }
      return UNSTORABLE_PROBES.flatMap((text) =>
        leaf.schema.safeParse(text).success ? [`${leaf.path} ${JSON.stringify(text)}`] : [],
      );
    });
    expect(accepted).toEqual([]);
  });
});
