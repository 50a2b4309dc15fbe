import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { envSchema } from '../../src/server/config-env';
import { adminOperations } from '../../src/server/http/admin/all-operations';
import { ALL_JOBS } from '../../src/server/lifecycle/all-jobs';
import * as routes from '../../src/shared/contracts/routes';
import { memberContractModules, operatorContractModules } from '../../src/shared/contracts/all';

/**
 * The adapter of the docs generator (docs/README.md, "Generated inventories"): the only module that
 * knows where the runtime lists live — the operations' contracts, the background jobs, the
 * configuration schema, the npm scripts, the folders of src/server and the stores of src/stores. Everything else of
 * scripts/docs/ works on the plain shapes below, so a change of where a list lives is a change here.
 */

/** One operation of the member API or the operator API, as the inventory shows it. */
export interface OperationEntry {
  api: 'member' | 'operator';
  /** The contract module's area, e.g. `chat` or `members` (one file per area). */
  area: string;
  name: string;
  method: string;
  path: string;
  selector: Readonly<Record<string, string>>;
  /** `visitor`, `member`, `anyone` (operator log-in steps) or the operator roles. */
  caller: string;
  query: z.ZodType;
  body: z.ZodType;
  response: z.ZodType;
  errors: readonly string[];
}

/** One periodic background job. */
export interface JobEntry {
  name: string;
  everyMs: number;
  owns: string;
}

/** One environment variable of the configuration schema with the schema of its value. */
export interface EnvEntry {
  name: string;
  schema: z.ZodType;
}

const MEMBER_MODULES: Record<string, Record<string, unknown>> = memberContractModules;
const OPERATOR_MODULES: Record<string, Record<string, unknown>> = operatorContractModules;

/** A contract object of either API, as its module exports it. */
interface AnyContract {
  name?: string;
  method: string;
  path: string;
  selector?: Record<string, string>;
  auth?: string;
  roles?: readonly string[] | 'anyone';
  query: z.ZodType;
  body: z.ZodType;
  response: z.ZodType;
  errors: readonly string[];
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'DELETE'];

/**
 * The contracts a module exports, by path, then selector, then method (a module namespace's key
 * order differs between loaders, so the order is made here).
 */
function contractsOf(module: Record<string, unknown>): AnyContract[] {
  const key = (contract: AnyContract) => `${contract.path}?${new URLSearchParams(contract.selector).toString()}`;
  return Object.entries(module)
    .filter(
      ([name, value]) => name.endsWith('Contract') && typeof value === 'object' && value !== null && 'path' in value,
    )
    .map(([, value]) => value as AnyContract)
    .sort(
      (a, b) => key(a).localeCompare(key(b), 'en') || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
    );
}

/** The operations of one API's contract modules (by area), with who may call each as `callerOf` tells. */
function entriesOf(
  api: OperationEntry['api'],
  modules: Record<string, Record<string, unknown>>,
  callerOf: (contract: AnyContract) => string,
): OperationEntry[] {
  return Object.entries(modules).flatMap(([area, module]) =>
    contractsOf(module).map((contract): OperationEntry => ({
      api,
      area,
      name: contract.name ?? '',
      method: contract.method,
      path: contract.path,
      selector: contract.selector ?? {},
      caller: callerOf(contract),
      query: contract.query,
      body: contract.body,
      response: contract.response,
      errors: contract.errors,
    })),
  );
}

/**
 * Every operation, member API first, each API in its modules' order (above).
 * @throws when a member route (src/shared/contracts/routes) has no contract, or an operator operation the
 *   admin API serves (src/server/http/admin/all-operations.ts) is in no module here: the list cannot miss one.
 */
export function listOperations(): OperationEntry[] {
  const member = entriesOf('member', MEMBER_MODULES, (contract) => contract.auth ?? 'visitor');
  const routeNames = Object.values(routes as Record<string, { name?: string }>)
    .map((route) => route.name)
    .filter((name): name is string => typeof name === 'string');
  const missing = routeNames.filter((name) => !member.some((operation) => operation.name === name));
  if (missing.length > 0) throw new Error(`docs: routes without a contract in the adapter: ${missing.join(', ')}`);
  const operator = entriesOf('operator', OPERATOR_MODULES, (contract) =>
    contract.roles === 'anyone' || !contract.roles ? 'anyone' : contract.roles.join(', '),
  );
  const served = adminOperations.map((operation) => operation.contract.name);
  const unlisted = served.filter((name) => !operator.some((operation) => operation.name === name));
  if (unlisted.length > 0)
    throw new Error(`docs: operator operations missing from the adapter's modules: ${unlisted.join(', ')}`);
  return [...member, ...operator];
}

/** Every background job of ALL_JOBS (src/server/lifecycle/all-jobs.ts), in its order. */
export function listJobs(): JobEntry[] {
  return ALL_JOBS.map((job) => ({ name: job.name, everyMs: job.everyMs, owns: job.owns }));
}

/** Every variable of the configuration schema (src/server/config-env.ts), in its order. */
export function listEnvVariables(): EnvEntry[] {
  return Object.entries(envSchema.shape).map(([name, schema]) => ({ name, schema: schema as z.ZodType }));
}

/** The npm scripts of package.json, by name, in its order. */
export function listScripts(root: string): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return pkg.scripts;
}

/** The folders of src/server, sorted by name. */
export function listServerFolders(root: string): string[] {
  return readdirSync(path.join(root, 'src/server'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * The store modules of src/stores (`name` without `.ts`; tests left out) and its subfolders
 * (`name/`, e.g. the console's `admin/`), sorted by name.
 */
export function listStoreFiles(root: string): string[] {
  return readdirSync(path.join(root, 'src/stores'), { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.isDirectory()) return [`${entry.name}/`];
      const file = entry.name;
      return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file.slice(0, -'.ts'.length)] : [];
    })
    .sort();
}
