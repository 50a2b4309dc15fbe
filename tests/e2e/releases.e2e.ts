import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRelease, currentReleaseId, resolveRelease } from '../../scripts/releases.mjs';
import { freePort, serveBuild } from './server';

/**
 * docs/architecture.md §3 Releases, on the real build: an output folder outside the project (in
 * the system's temp folder) gets release A (a copy of the suite's build) and a server on it; then
 * a failed build and release B (the same build with a marked lander and an extra file) land. The
 * running server keeps serving A's files and pages; a server started afterwards serves B.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-releases-e2e-'));
const out = path.join(work, 'out');
const built = resolveRelease(path.resolve(process.env.AMORA_OUT_DIR ?? 'dist'));
/** A lander page the running server has not read before the switch (the app reads pre-rendered pages lazily). */
const LANDER = 'sites/amora/landers/video/fr/index.html';
const B_MARK = '<!-- release B -->';
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36' };

/** Copies the suite's build into a new release folder, plus `marker.txt` naming the release. */
const copyOfBuild = (label: string) => (dir: string) => {
  fs.cpSync(built.dir, dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}.in-use`) });
  fs.writeFileSync(path.join(dir, 'client', 'marker.txt'), label);
};

const servers: Awaited<ReturnType<typeof serveBuild>>[] = [];
const startServer = async (name: string) => {
  const server = await serveBuild(out, await freePort(), path.join(work, `data-${name}`), { SEED_ON_START: '0' });
  servers.push(server);
  return server;
};
const text = async (url: string) => {
  const response = await fetch(url, { headers: BROWSER });
  return { status: response.status, body: await response.text() };
};

beforeAll(async () => {
  await buildRelease(out, copyOfBuild('A'));
}, 120_000);
afterAll(async () => {
  for (const server of servers) await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('atomic deploys', () => {
  it('a running server keeps its release through a failed build and a new release; the next server serves the new one', async () => {
    const releaseA = currentReleaseId(out);
    const serverA = await startServer('a');
    const buildIdA = await text(`${serverA.url}/build-id.json`);
    expect(await text(`${serverA.url}/marker.txt`)).toEqual({ status: 200, body: 'A' });

    // A failed build: `current` and the running server are untouched.
    await expect(
      buildRelease(out, (dir) => {
        copyOfBuild('broken')(dir);
        throw new Error('astro build failed (exit 1)');
      }),
    ).rejects.toThrow('astro build failed');
    expect(currentReleaseId(out)).toBe(releaseA);
    expect(fs.readdirSync(path.join(out, 'releases'))).toEqual([releaseA]);

    const releaseB = await buildRelease(out, (dir) => {
      copyOfBuild('B')(dir);
      fs.appendFileSync(path.join(dir, 'client', LANDER), B_MARK);
      fs.writeFileSync(path.join(dir, 'client', 'only-in-b.txt'), 'B');
    });
    expect(currentReleaseId(out)).toBe(releaseB.id);
    expect(fs.readFileSync(path.join(out, 'client', 'marker.txt'), 'utf8')).toBe('B');

    // The running server: A's static files, A's pre-rendered lander (read for the first time now), A's build id.
    expect(await text(`${serverA.url}/marker.txt`)).toEqual({ status: 200, body: 'A' });
    expect((await text(`${serverA.url}/only-in-b.txt`)).status).toBe(404);
    const landerA = await text(`${serverA.url}/landers/video/fr`);
    expect(landerA.status).toBe(200);
    expect(landerA.body).toContain('<html');
    expect(landerA.body).not.toContain(B_MARK);
    expect(await text(`${serverA.url}/build-id.json`)).toEqual(buildIdA);

    // A server started now serves B, whole.
    const serverB = await startServer('b');
    expect(await text(`${serverB.url}/marker.txt`)).toEqual({ status: 200, body: 'B' });
    expect(await text(`${serverB.url}/only-in-b.txt`)).toEqual({ status: 200, body: 'B' });
    expect((await text(`${serverB.url}/landers/video/fr`)).body).toContain(B_MARK);
  });
});
