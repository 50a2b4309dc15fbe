import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { images, profiles, type PhotoScreening } from '../../src/server/db/schema';
import { profileImageEndpoint } from '../../src/server/http/endpoints/profile-image';
import { searchEndpoint } from '../../src/server/http/endpoints/search';
import { ClassifierUnavailableError, sharedPhotoClassifier } from '../../src/server/moderation/photo-classifier';
import { refreshProfileNudity } from '../../src/server/media/profile-nudity';
import {
  SCREENING_LEASE_MS,
  SCREENING_MAX_ATTEMPTS,
  SCREENING_RETRY_DELAY_MS,
  screenDuePhotos,
} from '../../src/server/moderation/screening-job';
import type { ScreenPhoto } from '../../src/server/moderation/screen-photo';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const harness = useTestContext();
const { ctx, clock } = harness;
afterAll(() => sharedPhotoClassifier().close());

const PATH = '/api/profileimage.php';

/** Uploads a generated photo through the real endpoint; returns the new image's id. */
async function upload(cookie: string, colour = '#a05070'): Promise<number> {
  const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
  const request = new Request(`http://localhost:4321${PATH}`, { method: 'POST', body: form });
  const answer = await callApi(ctx(), profileImageEndpoint, PATH, {
    method: 'POST',
    rawBody: Buffer.from(await request.arrayBuffer()) as unknown as string,
    headers: { 'content-type': request.headers.get('content-type')! },
    cookie,
  });
  expect(answer.status).toBe(200);
  return answer.json.image.id;
}

const imageRow = async (id: number) => (await ctx().db.select().from(images).where(eq(images.id, id)))[0]!;
const hasNudity = async (id: number) =>
  (await ctx().db.select({ value: profiles.hasNudity }).from(profiles).where(eq(profiles.id, id)))[0]!.value;
const stubScores = (nsfw: Record<string, number>): PhotoScreening => ({
  nsfw,
  faces: 1,
  youngestAge: 30,
  ms: 1,
  model: 'stub',
});
const NEUTRAL = stubScores({ Neutral: 0.96, Drawing: 0.01, Sexy: 0.01, Porn: 0.01, Hentai: 0.01 });
const EXPLICIT = stubScores({ Porn: 0.88, Hentai: 0.04, Sexy: 0.06, Neutral: 0.01, Drawing: 0.01 });

describe('photo screening (docs/product.md §13 Screening)', () => {
  it('scores an uploaded photo with the real classifier at the next run of the job; the upload did not wait for it', async () => {
    const member = await loggedInMember(ctx(), 'Lena');
    const id = await upload(member.cookie);
    const waiting = await imageRow(id);
    expect(waiting.screeningDue).toBe(true);
    expect(waiting.screening).toBeNull();

    // The job runs every 2 s; one run takes ≈0.5 s a photo, ≈1.5 s more on a cold start (npm run bench:screening).
    expect(await screenDuePhotos(ctx())).toEqual({ screened: 1, unscored: 0, retried: 0 });
    const row = await imageRow(id);
    expect(row.screeningDue).toBe(false);
    expect(row.screenedAt).toEqual(clock.now());
    const probabilities = Object.values(row.screening!.nsfw);
    expect(probabilities).toHaveLength(5);
    expect(probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
    // A flat colour: nothing explicit, no face, so it waits in review after the urgent photos.
    expect(row.nudity).toBe(false);
    expect(row.screening!.faces).toBe(0);
    expect(row.reviewPriority).toBe(1);
    expect(row.screening!.ms).toBeGreaterThan(0);
    expect(await screenDuePhotos(ctx())).toEqual({ screened: 0, unscored: 0, retried: 0 });
  }, 120_000);

  it('hideNudity=1 leaves out a member whose photo is flagged explicit (stubbed classifier scores: no explicit image can ship in the repository)', async () => {
    const flagged = await loggedInMember(ctx(), 'Flagged');
    const clean = await loggedInMember(ctx(), 'Clean');
    const flaggedImage = await upload(flagged.cookie, '#303030');
    await upload(clean.cookie, '#d0d0d0');
    const flaggedBytes = Buffer.from((await ctx().storage.get((await imageRow(flaggedImage)).filename))!);
    const stub: ScreenPhoto = async (bytes) => (flaggedBytes.equals(bytes) ? EXPLICIT : NEUTRAL);

    const search = async (query: Record<string, string>, cookie?: string) => {
      const answer = await callApi(ctx(), searchEndpoint, '/api/search.php', { query, cookie });
      expect(answer.status).toBe(200);
      return {
        names: answer.json.profiles.map((p: { name: string }) => p.name).sort(),
        count: answer.json.paging.num_results,
      };
    };
    // Before screening (and with the page and count caches warm afterwards), nobody is hidden.
    expect(await search({ hideNudity: '1' })).toEqual({ names: ['Clean', 'Flagged'], count: 2 });
    await screenDuePhotos(ctx(), stub);
    const row = await imageRow(flaggedImage);
    expect(row.nudity).toBe(true);
    expect(row.reviewPriority).toBe(2);
    expect(await hasNudity(flagged.id)).toBe(true);
    expect(await hasNudity(clean.id)).toBe(false);

    ctx().searchPageCache.clear();
    ctx().searchCountCache.clear();
    expect(await search({})).toEqual({ names: ['Clean', 'Flagged'], count: 2 });
    expect(await search({ hideNudity: '0' })).toEqual({ names: ['Clean', 'Flagged'], count: 2 });
    // The cached answer and count of the same filters without hideNudity are not reused.
    expect(await search({ hideNudity: '1' })).toEqual({ names: ['Clean'], count: 1 });
    expect(await search({ hideNudity: 'true' }, clean.cookie)).toEqual({ names: [], count: 0 });

    // The member deletes the photo: the flag goes with it.
    const removed = await callApi(ctx(), profileImageEndpoint, PATH, {
      method: 'DELETE',
      body: { image: flaggedImage },
      cookie: flagged.cookie,
    });
    expect(removed.status).toBe(200);
    expect(await hasNudity(flagged.id)).toBe(false);
  }, 30_000);

  it('refreshProfileNudity counts flagged photos unless rejected (what the console calls after a review)', async () => {
    const member = await loggedInMember(ctx(), 'Nora');
    const first = await upload(member.cookie);
    const second = await upload(member.cookie);
    await ctx().db.update(images).set({ nudity: true }).where(eq(images.id, first));
    expect(await refreshProfileNudity(ctx().db, member.id)).toBe(true);
    await ctx().db.update(images).set({ reviewStatus: 'rejected' }).where(eq(images.id, first));
    expect(await refreshProfileNudity(ctx().db, member.id)).toBe(false);
    expect(await hasNudity(member.id)).toBe(false);
    // A flag an operator set before the screening ran is kept by it.
    await ctx().db.update(images).set({ nudity: true }).where(eq(images.id, second));
    await screenDuePhotos(ctx(), async () => NEUTRAL);
    expect((await imageRow(second)).nudity).toBe(true);
  });

  it('stores a corrupt or missing file as unscored at once and never claims it again', async () => {
    const member = await loggedInMember(ctx(), 'Mia');
    const corrupt = await upload(member.cookie);
    const missing = await upload(member.cookie);
    await ctx().storage.put((await imageRow(corrupt)).filename, new TextEncoder().encode('not a photo at all'));
    await ctx().storage.delete((await imageRow(missing)).filename);

    expect(await screenDuePhotos(ctx())).toEqual({ screened: 0, unscored: 2, retried: 0 });
    for (const [id, reason] of [
      [corrupt, 'unscored:unreadable'],
      [missing, 'unscored:missing-file'],
    ] as const) {
      const row = await imageRow(id);
      expect(row.screeningDue).toBe(false);
      expect(row.screening).toEqual({ nsfw: {}, ms: 0, model: reason });
      expect(row.reviewPriority).toBe(1);
    }
    clock.advance(SCREENING_LEASE_MS * 10);
    expect(await screenDuePhotos(ctx())).toEqual({ screened: 0, unscored: 0, retried: 0 });
  });

  it(`tries a photo whose scoring fails ${SCREENING_MAX_ATTEMPTS} times, a retry delay apart, then stores it as unscored`, async () => {
    const member = await loggedInMember(ctx(), 'Ida');
    const id = await upload(member.cookie);
    let calls = 0;
    const failing: ScreenPhoto = async () => {
      calls++;
      throw new Error('classification failed: out of memory');
    };
    expect(await screenDuePhotos(ctx(), failing)).toEqual({ screened: 0, unscored: 0, retried: 1 });
    expect(await screenDuePhotos(ctx(), failing)).toEqual({ screened: 0, unscored: 0, retried: 0 });
    for (let attempt = 2; attempt < SCREENING_MAX_ATTEMPTS; attempt++) {
      clock.advance(SCREENING_RETRY_DELAY_MS);
      expect(await screenDuePhotos(ctx(), failing)).toEqual({ screened: 0, unscored: 0, retried: 1 });
    }
    clock.advance(SCREENING_RETRY_DELAY_MS);
    expect(await screenDuePhotos(ctx(), failing)).toEqual({ screened: 0, unscored: 1, retried: 0 });
    expect(calls).toBe(SCREENING_MAX_ATTEMPTS);
    expect((await imageRow(id)).screening?.model).toBe('unscored:failed');
    clock.advance(SCREENING_RETRY_DELAY_MS);
    expect(await screenDuePhotos(ctx(), failing)).toEqual({ screened: 0, unscored: 0, retried: 0 });
  });

  it('leaves photos waiting, uncounted, while the models cannot load', async () => {
    const member = await loggedInMember(ctx(), 'Uma');
    const ids = [await upload(member.cookie), await upload(member.cookie)];
    const unavailable: ScreenPhoto = async () => {
      throw new ClassifierUnavailableError('models did not load: test');
    };
    for (let i = 0; i < SCREENING_MAX_ATTEMPTS + 1; i++) {
      expect(await screenDuePhotos(ctx(), unavailable)).toEqual({ screened: 0, unscored: 0, retried: 0 });
      clock.advance(SCREENING_RETRY_DELAY_MS);
    }
    for (const id of ids) expect((await imageRow(id)).screeningDue).toBe(true);
    expect(await screenDuePhotos(ctx(), async () => NEUTRAL)).toEqual({ screened: 2, unscored: 0, retried: 0 });
  });

  it('two runs at once (two server processes on PostgreSQL) score each photo exactly once', async () => {
    const second = await harness.secondProcess();
    const ids: number[] = [];
    for (const name of ['Ana', 'Bea']) {
      const member = await loggedInMember(ctx(), name);
      for (let i = 0; i < 5; i++) ids.push(await upload(member.cookie, `#${i}0${i}0a0`));
    }
    let calls = 0;
    const slow: ScreenPhoto = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return NEUTRAL;
    };
    const [a, b] = await Promise.all([screenDuePhotos(ctx(), slow), screenDuePhotos(second, slow)]);
    expect(a.screened + b.screened).toBe(ids.length);
    expect(a.retried + b.retried + a.unscored + b.unscored).toBe(0);
    expect(calls).toBe(ids.length);
    for (const id of ids) expect((await imageRow(id)).screening?.model).toBe('stub');
  });

  it('a claim held by a run that stopped answering is taken over after the lease; the late run then stores nothing', async () => {
    const member = await loggedInMember(ctx(), 'Eva');
    const id = await upload(member.cookie);
    let finishStuck: () => void = () => undefined;
    const stuck: ScreenPhoto = () =>
      new Promise((resolve) => {
        finishStuck = () => resolve(EXPLICIT);
      });
    const stuckRun = screenDuePhotos(ctx(), stuck);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await screenDuePhotos(ctx(), async () => NEUTRAL)).toEqual({ screened: 0, unscored: 0, retried: 0 });
    clock.advance(SCREENING_LEASE_MS);
    expect(await screenDuePhotos(ctx(), async () => NEUTRAL)).toEqual({ screened: 1, unscored: 0, retried: 0 });
    finishStuck();
    expect(await stuckRun).toEqual({ screened: 0, unscored: 0, retried: 1 });
    const row = await imageRow(id);
    expect(row.nudity).toBe(false);
    expect(row.screening?.model).toBe('stub');
  });
});
