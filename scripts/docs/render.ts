import { z } from 'zod';
import { ENV_MEANINGS, SCRIPT_ENV_MEANINGS, type EnvMeaning } from './env-meanings';
import { SCRIPT_MEANINGS } from './script-meanings';
import { SERVER_FOLDERS } from './server-folders';
import { STORE_FILES } from './store-files';
import type { EnvEntry, JobEntry, OperationEntry } from './sources';

/**
 * Markdown of the generated inventories (docs/README.md, "Generated inventories"): plain functions
 * from the adapter's lists (./sources.ts) to table text. Tables are compact (`| a | b |`): the docs
 * are not run through Prettier (.prettierignore).
 */

/** A table cell: pipes escaped, line breaks folded. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) lines.push(`| ${row.map(cell).join(' | ')} |`);
  return lines.join('\n');
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
};

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
}

/** `{ a, b? }` of an object schema, alternatives joined by `or`; `—` for nothing, `any` for an opaque body. */
function shapeOf(json: JsonSchema, leaveOut: readonly string[] = []): string {
  const alternatives = json.anyOf ?? json.oneOf;
  if (alternatives) {
    const shapes = [...new Set(alternatives.map((item) => shapeOf(item, leaveOut)).filter((s) => s !== '—'))];
    return shapes.length === 0 ? '—' : shapes.join(' or ');
  }
  if (json.properties) {
    const keys = Object.keys(json.properties).filter((key) => !leaveOut.includes(key));
    if (keys.length === 0) return '—';
    const required = new Set(json.required ?? []);
    return `{ ${keys.map((key) => (required.has(key) ? key : `${key}?`)).join(', ')} }`;
  }
  if (json.type === 'array') return `[${json.items ? shapeOf(json.items) : ''}]`;
  if (json.const !== undefined) return JSON.stringify(json.const);
  if (json.enum) return json.enum.map((value) => JSON.stringify(value)).join(' or ');
  if (typeof json.type === 'string' && json.type !== 'object') return json.type;
  return Object.keys(json).filter((key) => key !== '$schema').length === 0 ? 'any' : 'object';
}

/** The operation's address: method, path and its selector as a query string. */
export function addressOf(operation: OperationEntry): string {
  const selector = new URLSearchParams(operation.selector).toString();
  return `${operation.method} ${operation.path}${selector ? `?${selector}` : ''}`;
}

/** The table of one API's operations: address, name, caller, query, body, answer, error codes. */
export function renderOperations(operations: readonly OperationEntry[], api: OperationEntry['api']): string {
  const rows = operations
    .filter((operation) => operation.api === api)
    .map((operation) => [
      `\`${addressOf(operation)}\``,
      `${operation.area} / \`${operation.name}\``,
      operation.caller,
      shapeOf(jsonSchemaOf(operation.query, 'input'), Object.keys(operation.selector)),
      operation.body instanceof z.ZodUndefined ? '—' : shapeOf(jsonSchemaOf(operation.body, 'input')),
      shapeOf(jsonSchemaOf(operation.response, 'output')),
      operation.errors.map((code) => `\`${code}\``).join(', ') || '—',
    ]);
  return table(['call', 'area / name', 'who', 'query', 'body', 'answer', 'errors'], rows);
}

/** A duration in ms as the docs write it: `2 s`, `10 min`, `1 h`. */
export function humanDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/** The table of background jobs (the `| \`name\` |` rows tests/integration/all-jobs.test.ts looks for). */
export function renderJobs(jobs: readonly JobEntry[]): string {
  return table(
    ['Job', 'Every', 'Owns'],
    jobs.map((job) => [`\`${job.name}\``, humanDuration(job.everyMs), job.owns]),
  );
}

/** The schema's default of a variable as text, or `unset` for an optional one without a default. */
function defaultOf(entry: EnvEntry): string {
  const parsed = entry.schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return 'unset';
  return `\`${String(parsed.data)}\``;
}

/** The configuration variables: name, default (from the schema unless described) and meaning. */
export function renderEnv(entries: readonly EnvEntry[]): string {
  const meanings = ENV_MEANINGS as Record<string, EnvMeaning>;
  const rows = entries.map((entry) => {
    const meaning = meanings[entry.name];
    if (!meaning) throw new Error(`docs: ${entry.name} has no meaning in scripts/docs/env-meanings.ts`);
    return [`\`${entry.name}\``, meaning.default ?? defaultOf(entry), meaning.meaning];
  });
  return table(['variable', 'default', 'meaning'], rows);
}

/** The variables the scripts read before the server starts. */
export function renderScriptEnv(): string {
  return table(
    ['variable', 'default', 'meaning'],
    Object.entries(SCRIPT_ENV_MEANINGS).map(([name, meaning]) => [
      `\`${name}\``,
      meaning.default ?? 'unset',
      meaning.meaning,
    ]),
  );
}

/** Fails when `names` and the keys of `described` differ, naming both sides. */
function sameNames(what: string, names: readonly string[], described: Record<string, string>, where: string): void {
  const missing = names.filter((name) => !(name in described));
  const stale = Object.keys(described).filter((name) => !names.includes(name));
  if (missing.length > 0 || stale.length > 0)
    throw new Error(
      `docs: ${where} is out of step with the ${what}: ` +
        [missing.length ? `undescribed ${missing.join(', ')}` : '', stale.length ? `gone ${stale.join(', ')}` : '']
          .filter(Boolean)
          .join('; '),
    );
}

/** The npm scripts with their one-line summary. */
export function renderScripts(scripts: Record<string, string>): string {
  sameNames('npm scripts of package.json', Object.keys(scripts), SCRIPT_MEANINGS, 'scripts/docs/script-meanings.ts');
  const command = (name: string) => (name === 'start' || name === 'test' ? `npm ${name}` : `npm run ${name}`);
  return table(
    ['script', 'what it does'],
    Object.keys(scripts).map((name) => [`\`${command(name)}\``, SCRIPT_MEANINGS[name]!]),
  );
}

/** The folders of src/server with their description, as a table. */
export function renderServerFolders(folders: readonly string[]): string {
  sameNames('folders of src/server', folders, SERVER_FOLDERS, 'scripts/docs/server-folders.ts');
  return table(
    ['folder', 'what it holds'],
    folders.map((folder) => [`\`${folder}/\``, SERVER_FOLDERS[folder]!]),
  );
}

/** The store files of src/stores with their description, as a table. */
export function renderStoreFiles(stores: readonly string[]): string {
  sameNames('store files of src/stores', stores, STORE_FILES, 'scripts/docs/store-files.ts');
  return table(
    ['store', 'what it holds'],
    stores.map((store) => [store.endsWith('/') ? `\`${store}\`` : `\`${store}.ts\``, STORE_FILES[store]!]),
  );
}
