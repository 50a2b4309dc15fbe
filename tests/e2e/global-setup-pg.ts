import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort, waitForServer } from './server';

/**
 * Two server processes on one PostgreSQL (database `e2e`, recreated): the
 * first seeds 40 demo members, the second shares everything through the
 * database. Chat journeys then put member A on one process and member B on
 * the other, so every realtime event crosses LISTEN/NOTIFY.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/e2e';
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  const name = new URL(databaseUrl).pathname.slice(1);
  await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await client.end();

  const children: ChildProcess[] = [];
  const log: string[] = [];
  // One data folder for both, like a shared volume: uploads, the app secret and VAPID keys must match.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-e2e-pg-'));
  const start = async (script: string[], extra: Record<string, string>) => {
    const port = await freePort();
    const child = spawn(process.execPath, script, {
      cwd: process.cwd(),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: 'localhost',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_MEMBERS: '40',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    children.push(child);
    const baseURL = `http://localhost:${port}`;
    try {
      await waitForServer(`${baseURL}/build-id.json`, child, 180_000);
    } catch (error) {
      for (const each of children) each.kill('SIGTERM');
      throw new Error(`${(error as Error).message}\n${log.join('')}`, { cause: error });
    }
    return baseURL;
  };
  // The first process builds if needed and seeds; the second only serves.
  project.provide('baseURL', await start(['scripts/start.mjs'], {}));
  project.provide('baseURL2', await start(['scripts/serve.mjs'], {}));
  return async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))),
      ),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
