import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, serveBuild } from './server';

/**
 * docs/architecture.md §3 Starting, health and restarts: `scripts/serve.mjs` (what process managers
 * run) starts the app before it listens, so a bad variable, site folder or database stops it with a
 * non-zero exit and a message naming the problem, also as a WEB_CONCURRENCY primary; a good start
 * answers `/healthz` and `/readyz`, and SIGTERM ends it with code 0.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-serve-start-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Runs serve.mjs on the build with `env` until it exits; its code, output, and whether it ever listened. */
async function serveUntilExit(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve('scripts/serve.mjs')], {
    env: {
      ...process.env,
      AMORA_OUT_DIR: path.resolve(process.env.AMORA_OUT_DIR ?? 'dist'),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  return { code, output, listened: output.includes('listening on') };
}

describe('serve.mjs fails fast', () => {
  it('stops with code 1 naming a bad variable, without listening', async () => {
    const run = await serveUntilExit({ TRUST_PROXY: '1', LOG_LEVEL: 'loud' });
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/cannot start: Invalid configuration/);
    expect(run.output).toMatch(/TRUST_PROXY: must be 0 or/);
    expect(run.output).toMatch(/LOG_LEVEL/);
    expect(run.listened).toBe(false);
  });

  it('stops with code 1 naming an unreadable site folder and an invalid site file', async () => {
    const missing = await serveUntilExit({ SITES_DIR: path.join(work, 'no-sites') });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain(`the site folder ${path.join(work, 'no-sites')} (SITES_DIR) cannot be read`);
    const sites = path.join(work, 'bad-sites');
    fs.mkdirSync(sites, { recursive: true });
    fs.writeFileSync(path.join(sites, 'broken.json'), '{ "package_name": ');
    const broken = await serveUntilExit({ SITES_DIR: sites });
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(/Invalid site configuration:\n\s+- broken\.json: /);
    expect(broken.listened).toBe(false);
  });

  it('stops with code 1 naming a database it cannot open, without its password', async () => {
    const port = await freePort();
    const run = await serveUntilExit({ DATABASE_URL: `postgres://amora:s3cret@127.0.0.1:${port}/amora` });
    expect(run.code).toBe(1);
    expect(run.output).toContain(`Cannot open the database postgres://amora:***@127.0.0.1:${port}/amora`);
    expect(run.output).toContain('ECONNREFUSED');
    expect(run.output).not.toContain('s3cret');
    expect(run.listened).toBe(false);
  });

  it('stops a WEB_CONCURRENCY primary with code 1 when its workers cannot start, instead of restarting them', async () => {
    const run = await serveUntilExit({
      WEB_CONCURRENCY: '2',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/amora_never_opened',
      SITES_DIR: path.join(work, 'no-sites'),
    });
    expect(run.code).toBe(1);
    expect(run.output).toContain('(SITES_DIR) cannot be read');
    expect(run.output).toMatch(/ended before it could serve \(code 1\); stopping/);
    // Two workers started, none was started again.
    expect(run.output.match(/cannot start/g)?.length ?? 0).toBeLessThanOrEqual(2);
  });

  it('stops with code 1 naming a bad SHUTDOWN_TIMEOUT_MS or WEB_CONCURRENCY', async () => {
    const timeout = await serveUntilExit({ SHUTDOWN_TIMEOUT_MS: 'soon' });
    expect(timeout.code).toBe(1);
    expect(timeout.output).toContain('SHUTDOWN_TIMEOUT_MS must be a whole number');
    const concurrency = await serveUntilExit({ WEB_CONCURRENCY: 'many' });
    expect(concurrency.code).toBe(1);
    expect(concurrency.output).toContain('WEB_CONCURRENCY must be a whole number from 1 to 64, not "many"');
  });
});

describe('serve.mjs started', () => {
  it('is alive and ready once it listens, and ends with code 0 on SIGTERM', async () => {
    const server = await serveBuild(
      path.resolve(process.env.AMORA_OUT_DIR ?? 'dist'),
      await freePort(),
      path.join(work, 'ok-data'),
      { SEED_ON_START: '0' },
    );
    const alive = await fetch(`${server.url}/healthz`);
    expect(alive.status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ready: true,
      state: 'ready',
      database: 'ok',
      migrations: 'applied',
      jobs: 'running',
    });
    expect((await server.stop()).code).toBe(0);
  });
});
