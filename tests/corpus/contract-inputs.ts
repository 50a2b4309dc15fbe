import type { z } from 'zod';

/**
 * Reads a contract's input schemas (zod 4 definitions) to list the fields a caller can send, so
 * the contract test of tests/integration/contract-bad-input.test.ts covers every field of every
 * operation without a hand-made list (a new field or operation is covered as it is added).
 */

/** What a leaf field takes: a number (ids, amounts, pages), text, or anything else (enums, flags, dates…). */
export type FieldKind = 'number' | 'string' | 'other';

/** One field to fill with a bad value: its path in the object, its kind, and whether it is a list's element. */
export interface InputField {
  path: (string | number)[];
  kind: FieldKind;
}

/** One shape an input object may take: the fixed values that select it (a discriminator) and its fields. */
export interface InputVariant {
  fixed: Record<string, unknown>;
  fields: InputField[];
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers that do not change what the field takes. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The schema under optional/default/pipe/lazy wrappers: what the caller's value is checked against first. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 20; depth++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type)) current = def.innerType as z.ZodType;
    else if (def.type === 'pipe') current = def.in as z.ZodType;
    else if (def.type === 'lazy') current = (def.getter as () => z.ZodType)();
    else return current;
  }
  return current;
}

function kindOf(schema: z.ZodType): FieldKind {
  const type = defOf(unwrap(schema)).type;
  if (type === 'number' || type === 'int' || type === 'bigint') return 'number';
  if (type === 'string') return 'string';
  return 'other';
}

/** The single value of a literal field (a discriminator), else undefined. */
function literalOf(schema: z.ZodType): unknown {
  const def = defOf(unwrap(schema));
  if (def.type === 'literal' && Array.isArray(def.values) && def.values.length === 1) return def.values[0];
  return undefined;
}

/** Leaf fields under `schema` at `prefix` (objects and lists are entered; a list's element is index 0). */
function leaves(schema: z.ZodType, prefix: (string | number)[], depth: number): InputField[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (depth < 4 && def.type === 'object') {
    const shape = def.shape as Record<string, z.ZodType>;
    return Object.entries(shape).flatMap(([key, field]) => leaves(field, [...prefix, key], depth + 1));
  }
  if (depth < 4 && def.type === 'array') {
    return [{ path: prefix, kind: 'other' }, ...leaves(def.element as z.ZodType, [...prefix, 0], depth + 1)];
  }
  return [{ path: prefix, kind: kindOf(inner) }];
}

/**
 * The object shapes an input schema (a query or body) accepts, each with its discriminator
 * values and its leaf fields; none when it is not an object (no body, or a multipart upload).
 */
export function inputVariants(schema: z.ZodType): InputVariant[] {
  const def = defOf(unwrap(schema));
  if (def.type === 'union') return (def.options as z.ZodType[]).flatMap((option) => inputVariants(option));
  if (def.type !== 'object') return [];
  const shape = def.shape as Record<string, z.ZodType>;
  const fixed: Record<string, unknown> = {};
  const fields: InputField[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const literal = literalOf(field);
    if (literal !== undefined) fixed[key] = literal;
    else fields.push(...leaves(field, [key], 1));
  }
  return [{ fixed, fields }];
}

/** `base` with `value` set at `path` (objects and lists made on the way). */
export function withValue(base: Record<string, unknown>, path: (string | number)[], value: unknown): unknown {
  const build = (at: number): unknown => {
    if (at === path.length) return value;
    const key = path[at]!;
    return typeof key === 'number' ? [build(at + 1)] : { [key]: build(at + 1) };
  };
  const [first, ...rest] = path;
  return { ...base, [first!]: rest.length === 0 ? value : (build(1) as unknown) };
}
