import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderInventories } from '../../scripts/docs/generate';
import { syncRegions, TARGETS } from '../../scripts/docs/regions';
import { ALL_JOBS } from '../../src/server/lifecycle/all-jobs';

/**
 * docs/README.md, "Generated inventories": the committed docs hold what the code gives, and the
 * check fails on a hand edit of a generated region. Every edit is made on a copy of the docs.
 */
const root = path.resolve(import.meta.dirname, '../..');
let rendered: Record<string, string>;
let copy: string;

beforeAll(() => {
  rendered = renderInventories(root);
});

/** A fresh copy of every target file under a temporary root. */
function copyDocs(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'amora-docs-'));
  for (const file of Object.keys(TARGETS)) cpSync(path.join(root, file), path.join(dir, file), { recursive: true });
  return dir;
}

function edit(file: string, change: (text: string) => string): void {
  const full = path.join(copy, file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  expect(after, 'the edit changed nothing').not.toBe(before);
  writeFileSync(full, after);
}

afterEach(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('generated inventories of the docs', () => {
  it('match the code in the committed docs', () => {
    expect(syncRegions(root, rendered, false)).toEqual([]);
  });

  it('list every job, every folder of src/server, the stores and the activation resend with its answer', () => {
    for (const job of ALL_JOBS) expect(rendered.jobs).toContain(`| \`${job.name}\` |`);
    expect(rendered['server-folders']).toMatch(/\| `affiliates\/` \|/);
    expect(rendered['server-folders']).toMatch(/\| `moderation\/` \|/);
    expect(rendered['server-folders']).toMatch(/\| `operators\/` \|/);
    expect(rendered.operations).toMatch(/\| `POST \/api\/activate\.php\?resend=1` \|[^\n]*\{ status \}/);
    expect(rendered['operator-operations']).toContain('`POST /admin/api/members/:id/credits`');
    expect(rendered.env).toContain('| `MOLLIE_API_KEY` |');
    expect(rendered['store-files']).toContain('| `transaction.ts` |');
  });

  it('fail the check when a generated row is edited by hand, naming the file and line', () => {
    copy = copyDocs();
    edit('docs/architecture.md', (text) => text.replace(/\| `outbox` \| 5 s \|/, '| `outbox` | 6 s |'));
    const drifts = syncRegions(copy, rendered, false);
    expect(drifts.map((drift) => drift.file)).toEqual(['docs/architecture.md']);
    expect(drifts[0]!.message).toMatch(/committed: \| `outbox` \| 6 s \|[\s\S]*generated: \| `outbox` \| 5 s \|/);
  });

  it('fail the check when a marker is removed, and docs:generate restores an edited region', () => {
    copy = copyDocs();
    edit('src/server/README.md', (text) => text.replace('<!-- generated:server-folders:end -->', ''));
    expect(syncRegions(copy, rendered, false)[0]!.message).toMatch(/missing or misordered markers/);

    edit('docs/api.md', (text) => text.replace(/\| `GET \/api\/user\.php` \|.*\n/, ''));
    const rewritten = syncRegions(copy, rendered, true);
    expect(rewritten.find((drift) => drift.file === 'docs/api.md')?.rewritten).toBe(true);
    expect(readFileSync(path.join(copy, 'docs/api.md'), 'utf8')).toBe(
      readFileSync(path.join(root, 'docs/api.md'), 'utf8'),
    );
  });

  it('npm run check:docs exits 1 with a clear message on a hand-edited copy', () => {
    copy = copyDocs();
    edit('docs/configuration.md', (text) => text.replace('| `PORT` | `4321` |', '| `PORT` | `8080` |'));
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    const run = spawnSync(tsx, ['scripts/docs/generate.ts', '--check', '--docs-root', copy], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('docs/configuration.md differs from the generated inventory');
    expect(run.stderr).toContain('npm run docs:generate');
    // The CLI loads every contract, job and the server's modules they import: slow on a busy machine.
  }, 120_000);
});
