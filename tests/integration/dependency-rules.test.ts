import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * docs/architecture.md §7 Folder dependencies: `npm run check:deps` runs dependency-cruiser with
 * the project's `.dependency-cruiser.cjs`. These tests run that same configuration on small
 * trees of src/server written to a temporary folder: a tree that keeps the folder table passes,
 * and each kind of violation fails with the rule that names it.
 */
const root = path.resolve(__dirname, '../..');
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-deps-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Writes `files` (path → source) as a project folder with the real rules; returns depcruise's exit code and the violations it printed. */
function cruise(name: string, files: Record<string, string>): { status: number | null; violations: Violation[] } {
  const dir = path.join(work, name);
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  fs.copyFileSync(path.join(root, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', strict: true } }),
  );
  // The same command line as `npm run check:deps`, whose exit code fails `npm run check`.
  const run = spawnSync(depcruise, ['src/server', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const violations = [...run.stdout.matchAll(/^\s*error (\S+): (\S+) →\s+(\S+)/gm)].map(([, rule, from, to]) => ({
    rule: { name: rule! },
    from: from!,
    to: to!,
  }));
  return { status: run.status, violations };
}

const ruleNames = (violations: Violation[]) => [...new Set(violations.map((v) => v.rule.name))].sort();

/** A small tree that keeps every rule: members imports media through its entry point, both use the base. */
const CLEAN = {
  'src/server/platform/audit/audit.ts': 'export const audit = () => 1;\n',
  'src/server/media/index.ts': "export { photoOf } from './photo';\n",
  'src/server/media/photo.ts':
    "import { audit } from '../platform/audit/audit';\nexport const photoOf = () => audit();\n",
  'src/server/members/index.ts': "export { profileView } from './profile-view';\n",
  'src/server/members/profile-view.ts':
    "import { photoOf } from '../media';\nexport const profileView = () => photoOf();\n",
  'src/server/profiles/index.ts':
    "import { profileView } from '../members';\nexport const openProfile = () => profileView();\n",
};

describe('folder dependency rules (npm run check:deps)', () => {
  it('pass a tree that follows the folder table through entry points', () => {
    const { status, violations } = cruise('clean', CLEAN);
    expect(violations).toEqual([]);
    expect(status).toBe(0);
  });

  it('fail an import the folder table does not allow, and one past a domain entry point', () => {
    const { status, violations } = cruise('media-imports-members', {
      ...CLEAN,
      'src/server/media/photo.ts':
        "import { audit } from '../platform/audit/audit';\nimport { profileView } from '../members/profile-view';\nimport { openProfile } from '../profiles';\nexport const photoOf = () => audit() + profileView() + openProfile();\n",
    });
    expect(status).not.toBe(0);
    expect(ruleNames(violations)).toEqual(
      expect.arrayContaining(['domain-entry-point', 'folder-table-media', 'no-circular-runtime']),
    );
    const tableBreaks = violations.filter((v) => v.rule.name === 'folder-table-media').map((v) => v.to);
    expect(tableBreaks.sort()).toEqual(['src/server/members/profile-view.ts', 'src/server/profiles/index.ts']);
  });

  it('fail the base importing a domain', () => {
    const { status, violations } = cruise('platform-imports-media', {
      ...CLEAN,
      'src/server/platform/audit/audit.ts': "import { photoOf } from '../../media';\nexport const audit = () => 1;\n",
    });
    expect(status).not.toBe(0);
    expect(ruleNames(violations)).toContain('base-below-domains');
  });

  it('fail a run-time import cycle inside one folder, but not one of type-only imports', () => {
    const cycle = cruise('cycle', {
      ...CLEAN,
      'src/server/media/a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'src/server/media/b.ts': "import { a } from './a';\nexport const b = () => a();\n",
    });
    expect(ruleNames(cycle.violations)).toEqual(['no-circular-runtime']);
    expect(cycle.status).not.toBe(0);

    const typesOnly = cruise('type-cycle', {
      ...CLEAN,
      'src/server/media/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'src/server/media/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
    });
    expect(typesOnly.violations).toEqual([]);
  });
});
