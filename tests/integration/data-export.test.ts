import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settleExportBuilds } from '../../src/server/account/build-export';
import { expireDataExports } from '../../src/server/account/data-export-expiry';
import type { AppContext } from '../../src/server/context';
import {
  conversations,
  creditLedger,
  dataExports,
  likes,
  messages,
  rateLimits,
  users,
} from '../../src/server/db/schema';
import { dataExportEndpoint } from '../../src/server/http/endpoints/data-export';
import { exportDownloadResponse } from '../../src/server/http/export-download';
import { periodicJobs } from '../../src/server/lifecycle/periodic-jobs';
import { callApi, ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { addImage } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';

const harness = useTestContext();
const ctx = () => harness.ctx();
const DAY_MS = 24 * 60 * 60_000;
const PHOTO = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4, 87, 69, 66, 80, 9, 9, 9]);

const api = (cookie: string | undefined, action?: 'request' | 'link', context: AppContext = ctx()) =>
  callApi(context, dataExportEndpoint, '/api/data_export.php', {
    method: action ? 'POST' : 'GET',
    query: action ? { action } : {},
    cookie,
  });
const download = (url: string, cookie?: string) =>
  exportDownloadResponse(ctx(), new Request(new URL(url, ORIGIN), { headers: cookie ? { cookie } : {} }));

/** The entries of a ZIP, read with the system's `unzip` (no ZIP reader among the dependencies). */
function readZip(bytes: Uint8Array): Map<string, Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-export-'));
  const file = path.join(dir, 'export.zip');
  fs.writeFileSync(file, bytes);
  try {
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
    return new Map(names.map((name) => [name, execFileSync('unzip', ['-p', file, name], { maxBuffer: 1 << 26 })]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const jsonOf = (zip: Map<string, Buffer>, name: string) => JSON.parse(zip.get(name)!.toString('utf8'));

/** Anna (with a photo, likes, messages both ways and credits) and Bert, both logged in. */
async function annaAndBert() {
  const anna = await loggedInMember(ctx(), 'Anna');
  const bert = await loggedInMember(ctx(), 'Bert');
  await ctx()
    .db.update(users)
    .set({ tracking: { trafficsource: 'lander-video' } as never, credits: 7 })
    .where(eq(users.id, anna.id));
  const imageId = await addImage(ctx(), anna.id);
  await ctx().storage.put(`p/${anna.id}-0.webp`, PHOTO);
  await ctx()
    .db.insert(likes)
    .values([
      { likerId: anna.id, likedId: bert.id },
      { likerId: bert.id, likedId: anna.id },
    ]);
  const [conversation] = await ctx()
    .db.insert(conversations)
    .values({ memberLow: anna.id, memberHigh: bert.id })
    .returning();
  await ctx()
    .db.insert(messages)
    .values([
      { conversationId: conversation!.id, senderId: anna.id, text: 'Hello Bert, coffee on Sunday?' },
      { conversationId: conversation!.id, senderId: bert.id, text: "Bert's private reply" },
      {
        conversationId: conversation!.id,
        senderId: anna.id,
        gif: { id: 'g1', url: '/gifs/g1.gif', preview: '/gifs/g1.png', width: 200, height: 150, title: 'Wave' },
      },
    ]);
  await ctx()
    .db.insert(creditLedger)
    .values([
      { userId: anna.id, delta: 10, reason: 'purchase' },
      { userId: anna.id, delta: -3, reason: 'message' },
    ]);
  return { anna, bert, imageId, conversationId: conversation!.id };
}

/** Asks for Anna's export and waits for the background build. */
async function readyExport(cookie: string) {
  const started = await api(cookie, 'request');
  expect(started.status).toBe(200);
  await settleExportBuilds();
  return (await api(cookie)).json.export;
}

describe('data export (docs/product.md §10 Data export)', () => {
  it("builds a ZIP of the member's own data in the background", async () => {
    const { anna, bert, imageId, conversationId } = await annaAndBert();
    expect((await api(anna.cookie)).json).toEqual({ export: null });
    const started = await api(anna.cookie, 'request');
    expect(started.json.export).toMatchObject({ status: 'building', readyAt: null, downloaded: false });
    await settleExportBuilds();

    const ready = (await api(anna.cookie)).json.export;
    expect(ready).toMatchObject({ status: 'ready', readyAt: '2026-11-21T12:00:00.000Z' });
    expect(ready.expiresAt).toBe('2026-11-22T12:00:00.000Z');
    expect(ready.sizeBytes).toBeGreaterThan(100);

    const link = await api(anna.cookie, 'link');
    expect(link.json.url).toMatch(/^\/account\/export\/download\?token=[A-Za-z0-9_-]{43}$/);
    const response = await download(link.json.url, anna.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="amora-data-2026-11-21.zip"');
    const zip = readZip(new Uint8Array(await response.arrayBuffer()));

    expect([...zip.keys()].sort()).toEqual(
      [
        'README.txt',
        'credits.json',
        'likes.json',
        'messages.json',
        `photos/1-${imageId}.webp`,
        'photos.json',
        'profile.json',
        'safety.json',
        'sessions.json',
      ].sort(),
    );
    expect(zip.get('README.txt')!.toString()).toContain('messages.json');
    const profile = jsonOf(zip, 'profile.json');
    expect(profile.account).toMatchObject({ id: anna.id, email: 'anna@example.com', site: 'amora' });
    expect(profile.account.signedUpAt).toEqual(expect.any(String));
    expect(profile.account.tracking).toEqual({ trafficsource: 'lander-video' });
    expect(profile.profile).toMatchObject({ name: 'Anna', country: 'NL' });
    expect(profile.account).not.toHaveProperty('passwordHash');
    expect(new Uint8Array(zip.get(`photos/1-${imageId}.webp`)!)).toEqual(PHOTO);
    expect(jsonOf(zip, 'photos.json')).toEqual([
      expect.objectContaining({ file: `photos/1-${imageId}.webp`, position: 0, width: 400, height: 500 }),
    ]);
    expect(jsonOf(zip, 'likes.json')).toEqual({
      given: [{ memberId: bert.id, name: 'Bert', at: expect.any(String) }],
      received: [{ memberId: bert.id, name: 'Bert', at: expect.any(String) }],
    });
    const written = jsonOf(zip, 'messages.json');
    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject({ conversationId, toMemberId: bert.id, text: 'Hello Bert, coffee on Sunday?' });
    expect(written[1]).toMatchObject({ text: null, gif: { id: 'g1', title: 'Wave' } });
    for (const [, data] of zip) expect(data.toString('utf8')).not.toContain("Bert's private reply");
    expect(jsonOf(zip, 'credits.json')).toMatchObject({
      balance: 7,
      ledger: [
        { change: 10, reason: 'purchase' },
        { change: -3, reason: 'message' },
      ],
    });
    expect(jsonOf(zip, 'sessions.json')).toEqual([expect.objectContaining({ country: null })]);
    expect((await api(anna.cookie)).json.export).toMatchObject({ status: 'ready', downloaded: true });
  });

  it('the download link works once, only with the owner logged in', async () => {
    const { anna, bert } = await annaAndBert();
    await readyExport(anna.cookie);
    const { url } = (await api(anna.cookie, 'link')).json;

    const visitor = await download(url);
    expect(visitor.status).toBe(403);
    const other = await download(url, bert.cookie);
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('PK');
    // Bert has nothing to download himself.
    expect((await api(bert.cookie, 'link')).json.error.code).toBe('not_found');
    expect((await api(bert.cookie)).json).toEqual({ export: null });

    expect((await download(url, anna.cookie)).status).toBe(200);
    const again = await download(url, anna.cookie);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/profile?export=link_used#data-export');
    // A new link for the same (still kept) export works; it voids the earlier unused one.
    const first = (await api(anna.cookie, 'link')).json.url;
    const second = (await api(anna.cookie, 'link')).json.url;
    expect((await download(first, anna.cookie)).status).toBe(303);
    expect((await download(second, anna.cookie)).status).toBe(200);
    expect((await download('/account/export/download?token=nonsense', anna.cookie)).status).toBe(303);
  });

  it('keeps the file 24 hours; then the link expires and the job deletes it', async () => {
    const { anna } = await annaAndBert();
    await readyExport(anna.cookie);
    const [row] = await ctx().db.select().from(dataExports);
    expect(await ctx().storage.exists(row!.fileKey!)).toBe(true);
    harness.clock.advance(DAY_MS - 60_000);
    const { url } = (await api(anna.cookie, 'link')).json;
    harness.clock.advance(60_000);

    expect((await download(url, anna.cookie)).status).toBe(303);
    expect((await api(anna.cookie, 'link')).json.error.code).toBe('not_found');
    expect((await api(anna.cookie)).json.export).toMatchObject({ status: 'expired' });
    expect(periodicJobs().some((job) => job.name === 'data-export-expiry')).toBe(true);
    expect(await expireDataExports(ctx())).toBe(1);
    expect(await ctx().storage.exists(row!.fileKey!)).toBe(false);
    const [expired] = await ctx().db.select().from(dataExports);
    expect(expired).toMatchObject({ status: 'expired', fileKey: null });
    expect((await api(anna.cookie)).json.export).toMatchObject({ status: 'expired' });
    expect(await expireDataExports(ctx())).toBe(0);
  });

  it('builds one export at a time', async () => {
    const { anna } = await annaAndBert();
    const both = await Promise.all([api(anna.cookie, 'request'), api(anna.cookie, 'request')]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    await settleExportBuilds();
    expect(await ctx().db.select().from(dataExports)).toHaveLength(1);
  });

  it('allows 3 requests a day', async () => {
    const { anna } = await annaAndBert();
    for (let i = 0; i < 3; i++) expect((await readyExport(anna.cookie)).status).toBe('ready');
    const refused = await api(anna.cookie, 'request');
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({ code: 'rate_limited', message: 'data_export.daily_limit' });
    expect(await ctx().db.select().from(dataExports)).toHaveLength(3);
    harness.clock.advance(DAY_MS);
    expect((await readyExport(anna.cookie)).status).toBe('ready');
  });

  it('answers a request during a build with that build (not counted)', async () => {
    const { anna } = await annaAndBert();
    await ctx().db.insert(dataExports).values({ userId: anna.id, createdAt: harness.clock.now() });
    const answer = await api(anna.cookie, 'request');
    expect(answer.json.export).toMatchObject({ status: 'building' });
    expect(await ctx().db.select().from(dataExports)).toHaveLength(1);
    const counted = await ctx().db.select().from(rateLimits).where(like(rateLimits.key, 'dataExport:%'));
    expect(counted).toHaveLength(0);
  });

  it('gives up a build cut off by a restart, so the member can ask again', async () => {
    const { anna } = await annaAndBert();
    await ctx().db.insert(dataExports).values({ userId: anna.id, createdAt: harness.clock.now() });
    harness.clock.advance(11 * 60_000);
    expect(await expireDataExports(ctx())).toBe(0);
    expect((await api(anna.cookie)).json.export).toMatchObject({ status: 'failed' });
    expect((await readyExport(anna.cookie)).status).toBe('ready');
  });

  it('marks a build that failed as failed', async () => {
    const { anna } = await annaAndBert();
    const broken: AppContext = {
      ...ctx(),
      storage: { ...ctx().storage, put: () => Promise.reject(new Error('disk full')) },
    };
    expect((await api(anna.cookie, 'request', broken)).status).toBe(200);
    await settleExportBuilds();
    expect((await api(anna.cookie)).json.export).toMatchObject({ status: 'failed', expiresAt: null });
    expect((await api(anna.cookie, 'link')).json.error.code).toBe('not_found');
  });

  it('answers visitors with not_logged_in', async () => {
    await annaAndBert();
    for (const answer of [await api(undefined), await api(undefined, 'request'), await api(undefined, 'link')]) {
      expect(answer.status).toBe(403);
      expect(answer.json.error.code).toBe('not_logged_in');
    }
    expect(await ctx().db.select().from(dataExports)).toHaveLength(0);
  });
});
