import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  buildRelease,
  currentReleaseId,
  listReleases,
  pruneReleases,
  resolveRelease,
  switchRelease,
} from '../../scripts/releases.mjs';

/**
 * docs/architecture.md §3 Releases: builds land in their own folder, `current` moves with one
 * rename only after a build succeeded, old releases are pruned except those in use. The builds
 * here are small fake releases; the switch, prune and resolve code is the real one (the served
 * journey on a real build is tests/e2e/releases.e2e.ts).
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-releases-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A fake build writing `label` into its lander and server entry. */
const fakeBuild = (label: string) => (dir: string) => {
  fs.mkdirSync(path.join(dir, 'client', 'sites'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'client', 'sites', 'lander.html'), label);
  fs.writeFileSync(path.join(dir, 'server', 'entry.mjs'), `export const label = ${JSON.stringify(label)};`);
};

const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('releases', () => {
  it('builds into a new folder and switches `current` to it with one rename; old paths keep their files', async () => {
    const out = path.join(work, 'switch');
    const a = await buildRelease(out, fakeBuild('A'));
    const servedA = resolveRelease(out);
    expect(servedA).toMatchObject({ id: a.id, dir: fs.realpathSync(a.dir) });
    expect(read(path.join(out, 'client', 'sites', 'lander.html'))).toBe('A');

    const renames = vi.spyOn(fs, 'renameSync');
    const b = await buildRelease(out, fakeBuild('B'));
    // The switch is one rename(2), onto `current`.
    expect(renames.mock.calls.map(([, to]) => path.relative(out, String(to)))).toEqual(['current']);
    renames.mockRestore();

    expect(currentReleaseId(out)).toBe(b.id);
    expect(read(path.join(out, 'current', 'client', 'sites', 'lander.html'))).toBe('B');
    expect(read(path.join(out, 'client', 'sites', 'lander.html'))).toBe('B');
    // What a server resolved before the switch is A's own folder, still whole.
    expect(read(path.join(servedA.clientDir, 'sites', 'lander.html'))).toBe('A');
    expect(read(servedA.entry)).toContain('"A"');
    expect(resolveRelease(out).dir).toBe(fs.realpathSync(b.dir));
  });

  it('a failed build leaves `current` and its files untouched and removes its own folder', async () => {
    const out = path.join(work, 'failed');
    const a = await buildRelease(out, fakeBuild('A'));
    const failing = async (dir: string) => {
      // Half a build, then the build command fails.
      fs.mkdirSync(path.join(dir, 'client'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'client', 'half.html'), 'half');
      throw new Error('astro build failed (exit 1)');
    };
    await expect(buildRelease(out, failing)).rejects.toThrow('astro build failed');
    // A build that "succeeds" without writing the server entry is refused as well.
    await expect(buildRelease(out, (dir) => fs.mkdirSync(path.join(dir, 'client')))).rejects.toThrow(
      'no server/entry.mjs',
    );
    expect(currentReleaseId(out)).toBe(a.id);
    expect(fs.readdirSync(path.join(out, 'releases'))).toEqual([a.id]);
    expect(read(path.join(out, 'client', 'sites', 'lander.html'))).toBe('A');
  });

  it('keeps the newest 3 releases and any a live server uses; removes the others and an interrupted build', async () => {
    const out = path.join(work, 'prune');
    const first = await buildRelease(out, fakeBuild('1'));
    // A live process uses the first release (as useRelease records a server).
    const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    fs.mkdirSync(path.join(first.dir, '.in-use'));
    fs.writeFileSync(path.join(first.dir, '.in-use', String(server.pid)), '');
    const second = await buildRelease(out, fakeBuild('2'));
    // A dead server's record does not keep its release.
    fs.mkdirSync(path.join(second.dir, '.in-use'));
    fs.writeFileSync(path.join(second.dir, '.in-use', '999999999'), '');
    const interrupted = path.join(out, 'releases', '00000000T000000Z-dead');
    fs.mkdirSync(interrupted);
    const rest = [];
    for (const label of ['3', '4', '5']) rest.push(await buildRelease(out, fakeBuild(label)));
    expect(listReleases(out)).toEqual([first.id, ...rest.map((each) => each.id)]);
    expect(fs.existsSync(interrupted)).toBe(false);

    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(pruneReleases(out)).toEqual([first.id]);
    expect(listReleases(out)).toEqual(rest.map((each) => each.id));
  });

  it('moves a plain build folder (before releases) into a release on the first switch', async () => {
    const out = path.join(work, 'legacy');
    fakeBuild('old')(out);
    fs.writeFileSync(path.join(out, '.build-stamp'), 'then');
    expect(resolveRelease(out)).toMatchObject({ id: null, dir: fs.realpathSync(out) });
    const next = await buildRelease(out, fakeBuild('new'));
    const legacy = listReleases(out).find((id) => id !== next.id);
    expect(listReleases(out)).toHaveLength(2);
    expect(read(path.join(out, 'releases', legacy!, 'client', 'sites', 'lander.html'))).toBe('old');
    expect(read(path.join(out, 'client', 'sites', 'lander.html'))).toBe('new');
    // Rolling back is one switch.
    switchRelease(out, legacy!);
    expect(read(path.join(out, 'client', 'sites', 'lander.html'))).toBe('old');
    expect(() => switchRelease(out, 'missing')).toThrow('no complete release missing');
    expect(currentReleaseId(out)).toBe(legacy);
  });
});
