import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, waitForServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** A second server process on the same database (only in the PostgreSQL run). */
    baseURL2?: string;
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
      RATE_LIMIT_LOGINS_PER_10_MIN: '1000',
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
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    // Kept for a look after a failure (.ci/run prints its warnings and errors when a run fails).
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync('test-results/e2e-server.log', log.join(''));
    if (process.env.E2E_SERVER_LOG) console.log(log.join(''));
  };
}
