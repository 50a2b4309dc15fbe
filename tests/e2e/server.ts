import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { startSmtpReceiver } from '../helpers/smtp-receiver';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * How long a server of the build may take to answer after its start (ms): a fresh data folder's
 * migrations take ~10 s on a quiet 2-core machine and over a minute beside other CPU-heavy work.
 * A deadline, not a wait: the start is polled (waitForServer).
 */
export const SERVER_START_MS = 150_000;

/** Polls `url` until it answers 2xx, the child exits, or `timeoutMs` passes. */
export async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * Fills `dataDir`, when it does not exist yet, with a copy of the migrated data folder the global
 * setup made (tests/e2e/global-setup.ts: the embedded database with the browser tests' operators
 * and no member), so a file's own server or seed skips the ~5 s of creating and migrating an
 * embedded database. Outside a Vitest run (a benchmark) it leaves `dataDir` alone. Returns `dataDir`.
 */
export function freshDataDir(dataDir: string): string {
  let template: string | undefined;
  try {
    template = inject('templateDataDir');
  } catch {
    template = undefined; // not in a test worker
  }
  if (template && !fs.existsSync(dataDir)) fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Serves an existing build (`<distDir>`: an output folder's current release, or a plain build
 * folder) with the production server (`scripts/serve.mjs`) on
 * `port` with its own data folder; `stop()` ends it and waits for the port to be free.
 */
export async function serveBuild(distDir: string, port: number, dataDir: string, env: Record<string, string> = {}) {
  if (!env.DATABASE_URL && !process.env.DATABASE_URL) freshDataDir(dataDir);
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/serve.mjs')], {
    env: {
      ...process.env,
      AMORA_OUT_DIR: distDir,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForServer(`http://localhost:${port}/build-id.json`, child, SERVER_START_MS);
  return {
    url: `http://localhost:${port}`,
    /** The server's process id (with WEB_CONCURRENCY > 1, the primary whose children serve). */
    pid: child.pid!,
    /** Ends the process with SIGTERM (a graceful stop) and waits for its end; resolves with its exit code. */
    async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
      if (child.exitCode !== null || child.signalCode !== null)
        return { code: child.exitCode, signal: child.signalCode };
      child.kill('SIGTERM');
      return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    },
    /** Ends the process at once (SIGKILL, like `kill -9`): no shutdown code runs. */
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * A test file's own server of the build (`AMORA_OUT_DIR` or `dist`) on a fresh data folder, with a
 * test SMTP server whose mails land in `own.smtp.received`; started before the file's tests and
 * stopped (folder removed) after them. `env` adds server settings (e.g. `SEED_ON_START: '0'`).
 */
export function useOwnServer(name: string, env: Record<string, string> = {}) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `amora-${name}-`));
  const own = {} as {
    smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
    server: Awaited<ReturnType<typeof serveBuild>>;
  };
  beforeAll(async () => {
    own.smtp = await startSmtpReceiver();
    own.server = await serveBuild(
      path.resolve(process.env.AMORA_OUT_DIR ?? 'dist'),
      await freePort(),
      path.join(work, 'data'),
      { SMTP_URL: own.smtp.url, ...env },
    );
  });
  afterAll(async () => {
    await own.server?.stop();
    await own.smtp?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });
  return own;
}
