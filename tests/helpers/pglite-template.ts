import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute path of the migrated PGlite tarball, or '' when the tests run on PostgreSQL. */
    pgliteTemplate: string;
  }
}

const MIGRATIONS_DIR = path.resolve('src/server/db/migrations');
const TEMPLATE_DIR = path.resolve('data/test');

/**
 * Vitest global setup: migrates one in-memory PGlite and keeps its data folder as a tarball under
 * the git-ignored data/test (uncompressed: about 40 MB, but quicker to load than gzip), named by a hash of the migrations and the PGlite version, so an
 * unchanged schema reuses the tarball of an earlier run. Each test file then opens its database from
 * it (`useTestContext`, `memory://?load=…`) instead of running initdb and every migration itself.
 * Nothing to do when `DATABASE_URL` is set (npm run test:pg resets a real database per file).
 */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('pgliteTemplate', process.env.DATABASE_URL ? '' : await ensureTemplate());
}

async function ensureTemplate(): Promise<string> {
  const file = path.join(TEMPLATE_DIR, `pglite-template-${templateHash()}.tar`);
  if (fs.existsSync(file)) return file;
  const database = await openDatabase('memory://');
  try {
    await database.migrate(MIGRATIONS_DIR);
    if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
    const dump = await database.raw.client.dumpDataDir('none');
    fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
    // Other vitest runs may read or write the same file at once: write aside, then rename (atomic).
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    removeStaleTemplates(file);
  } finally {
    await database.close();
  }
  return file;
}

/** Deletes templates of earlier schemas (about 40 MB each); a concurrent run's file may already be gone. */
function removeStaleTemplates(current: string): void {
  for (const name of fs.readdirSync(TEMPLATE_DIR)) {
    const full = path.join(TEMPLATE_DIR, name);
    if (/^pglite-template-[0-9a-f]+\.tar$/.test(name) && full !== current) fs.rmSync(full, { force: true });
  }
}

/** What the migrated data folder depends on: every migration file (SQL and journal) and PGlite's version. */
function templateHash(): string {
  const hash = crypto.createHash('sha256');
  const pglite = JSON.parse(
    fs.readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  for (const name of fs.readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_DIR, name);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(`${name}\n`).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}
