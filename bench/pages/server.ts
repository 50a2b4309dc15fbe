/**
 * The app that bench:pages measures: its own build in `.e2e-builds/bench-pages`, served by the
 * production entry (`scripts/serve.mjs`) on PGlite in a fresh data folder with seeded demo
 * members, on 127.0.0.1 only; and a demo member's session for the pages behind the login.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitForServer } from '../../tests/e2e/server';

const root = path.resolve(import.meta.dirname, '../..');
/** The bench's own build folder (AMORA_OUT_DIR): never `dist/`, which `npm start` and the tests use. */
export const OUT_DIR = path.join(root, '.e2e-builds', 'bench-pages');
/** Every demo account's password (DEMO_PASSWORD of src/server/db/seed/seed-members.ts, which imports the seeding code). */
const DEMO_PASSWORD = 'amora-demo';
const SITE = 'amora';
/** SESSION_COOKIE of src/server/platform/accounts/sessions.ts (one name on every site). */
const SESSION_COOKIE = 'amora_session';

/**
 * The server's environment: production, loopback, its own data folder, and PGlite there.
 * DATABASE_URL is dropped so a value in the caller's shell can never point the bench at a shared database.
 */
function serverEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    ASTRO_TELEMETRY_DISABLED: '1',
    AMORA_OUT_DIR: OUT_DIR,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extra,
  };
  delete env.DATABASE_URL;
  return env;
}

/**
 * Builds into OUT_DIR when a source changed since its last build (scripts/build-if-needed.mjs);
 * with BENCH_SKIP_BUILD=1 an existing build is reused as it is. Exits the process when the build fails.
 */
export function buildIfNeeded(): void {
  if (process.env.BENCH_SKIP_BUILD === '1' && fs.existsSync(path.join(OUT_DIR, 'server', 'entry.mjs'))) {
    console.log(`bench:pages: reusing the build in ${path.relative(root, OUT_DIR)}`);
    return;
  }
  const built = spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], {
    cwd: root,
    env: { ...process.env, AMORA_OUT_DIR: OUT_DIR },
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/**
 * Empties `dataDir` and seeds `members` demo members into it (plus the landers' media), the way
 * `npm start` seeds an empty database (src/server/db/seed/cli.ts); returns the seconds it took.
 */
export function seedFreshData(dataDir: string, members: number): number {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/seed/cli.ts'], {
    cwd: root,
    env: serverEnv(dataDir, { SEED_MEMBERS: String(members) }),
    stdio: 'inherit',
  });
  if (seed.status !== 0) throw new Error(`seeding failed (exit ${seed.status})`);
  return (performance.now() - started) / 1000;
}

/** A running server: its base URL (`http://127.0.0.1:PORT`) and `stop()`, which waits for the process to end. */
export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts `scripts/serve.mjs` on 127.0.0.1:`port` for the build in OUT_DIR and the data in `dataDir`. */
export async function startServer(dataDir: string, port: number): Promise<BenchServer> {
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: root,
    env: serverEnv(dataDir, { HOST: '127.0.0.1', PORT: String(port) }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // An aborted run must not leave the server behind.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const url = `http://127.0.0.1:${port}`;
  await waitForServer(`${url}/build-id.json`, child, 60_000);
  return {
    url,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Logs in demo member `number` (`demo<number>@amora.test`) through the API; returns the session cookie (`name=value`). */
export async function logInDemo(base: string, number: number): Promise<string> {
  const response = await fetch(`${base}/api/login.php`, {
    method: 'POST',
    headers: { 'package-name': SITE, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `demo${number}@amora.test`, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  if (!response.ok || !cookie) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return cookie.split(';')[0]!;
}

/** The id of the first member that the search shows the member with `cookie` (a profile with photos to open). */
export async function firstSearchResult(base: string, cookie: string): Promise<number> {
  // do_not_save: the bench's search must not become the member's saved filters.
  const response = await fetch(`${base}/api/search.php?page=1&do_not_save=1`, {
    headers: { 'package-name': SITE, cookie },
  });
  const body = (await response.json()) as { profiles?: { id: number }[] };
  const id = body.profiles?.[0]?.id;
  if (!response.ok || id === undefined) throw new Error(`search answered ${response.status} without profiles`);
  return id;
}
