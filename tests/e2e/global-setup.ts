import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, waitForServer } from './server';

/**
 * The console's operators of the browser tests, one per role plus one for the layout audit and two
 * for the access reset:
 * made with `npm run operator:add` on the fresh data folder before the server starts (the
 * embedded database has one user at a time), as an operator of a new installation would.
 */
export const E2E_OPERATORS = [
  { email: 'moderator@ops.test', role: 'moderator' },
  { email: 'support@ops.test', role: 'support' },
  { email: 'finance@ops.test', role: 'finance' },
  { email: 'admin@ops.test', role: 'admin' },
  { email: 'audit@ops.test', role: 'admin' },
  // The access reset journey (console-operators.e2e.ts): an admin and the operator who lost access.
  { email: 'keys@ops.test', role: 'admin' },
  { email: 'lost@ops.test', role: 'support' },
] as const;

function addOperators(dataDir: string): Record<string, string> {
  const run = spawnSync(
    path.resolve('node_modules/.bin/tsx'),
    [
      'src/server/operators/add-operator-cli.ts',
      ...E2E_OPERATORS.flatMap(({ email, role }) => ['--email', email, '--role', role]),
    ],
    { cwd: process.cwd(), env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  const tokens = [...run.stdout.matchAll(/\/admin\/setup\?token=([\w-]+)/g)].map((match) => match[1]!);
  if (run.status !== 0 || tokens.length !== E2E_OPERATORS.length)
    throw new Error(`operator:add failed: ${run.stdout}${run.stderr}`);
  return Object.fromEntries(E2E_OPERATORS.map(({ email }, i) => [email, tokens[i]!]));
}

/** The shared server's `/metrics` token (metrics.e2e.ts). */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** A second server process on the same database (only in the PostgreSQL run). */
    baseURL2?: string;
    /** Setup tokens of the console's operators made before the server started, by their e-mail address. */
    operatorSetupTokens: Record<string, string>;
    /** A migrated data folder (the operators, no member) that own servers start from (server.ts `freshDataDir`). */
    templateDataDir?: string;
  }
}

/**
 * Starts the built app once (scripts/start.mjs: build if needed, seed, serve) on a
 * free port with a fresh data folder, and stops it after the run.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-e2e-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const operatorSetupTokens = addOperators(dataDir);
  // Copied before the shared server opens it: own servers and seeds start from this migrated folder.
  const templateDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-e2e-template-'));
  fs.cpSync(dataDir, templateDataDir, { recursive: true });
  const log: string[] = [];
  // Every test browser comes from 127.0.0.1: the per-address signup and login limits (tested in
  // tests/integration/auth.test.ts) would otherwise stop the journeys and the layout audit mid-run.
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      SEED_MEMBERS: '300',
      LOG_LEVEL: 'warn',
      PUSH_ALLOW_INSECURE_ENDPOINTS: '1',
      RATE_LIMIT_SIGNUPS_PER_HOUR: '1000',
      // Every sign-up checks its e-mail address once or more, all from 127.0.0.1.
      RATE_LIMIT_EMAIL_CHECKS_PER_10_MIN: '1000',
      RATE_LIMIT_LOGINS_PER_10_MIN: '1000',
      // metrics.e2e.ts scrapes this server's /metrics.
      METRICS_TOKEN: E2E_METRICS_TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  try {
    await waitForServer(baseURL, child, 180_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${(error as Error).message}\n${log.join('')}`, { cause: error });
  }
  project.provide('baseURL', baseURL);
  project.provide('operatorSetupTokens', operatorSetupTokens);
  project.provide('templateDataDir', templateDataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(templateDataDir, { recursive: true, force: true });
    // Kept for a look after a failure (.ci/run prints its warnings and errors when a run fails).
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync('test-results/e2e-server.log', log.join(''));
    if (process.env.E2E_SERVER_LOG) console.log(log.join(''));
  };
}
