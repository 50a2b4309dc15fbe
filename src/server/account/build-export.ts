import { randomBytes } from 'node:crypto';
import { ZipArchive } from 'archiver';
import { and, eq } from 'drizzle-orm';
import { getI18n } from '~/shared/i18n';
import { isLocale } from '~/shared/locales';
import type { AppContext } from '../context';
import { dataExports } from '../db/schema';
import { registerAllMessages } from '../i18n/messages';
import { creditsFile, likesFile, messagesFile, photoRows, profileFile, safetyFile, sessionsFile } from './export-files';

/** docs/product.md §10 Data export: a ready export can be downloaded for this long (ms). */
export const EXPORT_TTL_MS = 24 * 60 * 60_000;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The member's data as a ZIP (docs/product.md §10 Data export): README.txt, profile.json,
 * photos/ with photos.json, likes.json, messages.json, credits.json, sessions.json, safety.json.
 * The archive is streamed by archiver and collected in memory, since `Storage.put` takes bytes.
 * @throws Error when the account does not exist.
 */
export async function buildExportZip(ctx: AppContext, userId: number): Promise<Uint8Array> {
  const profile = await profileFile(ctx, userId);
  if (!profile) throw new Error(`account ${userId} not found for its data export`);
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    archive.on('end', () => resolve());
    archive.on('error', reject);
  });
  const date = ctx.clock.now();
  const language = profile.profile?.language;
  const siteName = ctx.sites.byPackageName.get(profile.account.site)?.name ?? profile.account.site;
  archive.append(readme(isLocale(language) ? language : 'en', siteName, date), { name: 'README.txt', date });
  const addJson = (name: string, value: unknown) => archive.append(json(value), { name: `${name}.json`, date });
  addJson('profile', profile);
  const photos = await photoRows(ctx, userId);
  const listed = [];
  for (const photo of photos) {
    const data = await ctx.storage.get(photo.key);
    // A photo whose file is gone is listed without a file rather than failing the export.
    listed.push({ ...photo.entry, file: data ? photo.entry.file : null });
    // Photos are already compressed: stored as they are.
    if (data) archive.append(Buffer.from(data), { name: photo.entry.file, date, store: true });
  }
  addJson('photos', listed);
  addJson('likes', await likesFile(ctx, userId));
  addJson('messages', await messagesFile(ctx, userId));
  addJson('credits', await creditsFile(ctx, userId));
  addJson('sessions', await sessionsFile(ctx, userId));
  addJson('safety', await safetyFile(ctx, userId));
  await archive.finalize();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** README.txt in the member's language: what each file holds. */
function readme(locale: Parameters<typeof getI18n>[0], site: string, date: Date): string {
  registerAllMessages();
  const t = getI18n(locale).t;
  const day = date.toISOString().slice(0, 10);
  const files = [
    'data_export.readme.profile',
    'data_export.readme.photos',
    'data_export.readme.likes',
    'data_export.readme.messages',
    'data_export.readme.credits',
    'data_export.readme.sessions',
    'data_export.readme.safety',
  ];
  return [
    t('data_export.readme.title', { site }),
    '',
    t('data_export.readme.intro', { site, date: day }),
    '',
    ...files.map((key) => `- ${t(key)}`),
    '',
    t('data_export.readme.format'),
    '',
  ].join('\r\n');
}

const running = new Set<Promise<void>>();

/**
 * Builds export `exportId` of `userId` without making the request wait: the ZIP goes to
 * storage under an unguessable key and the row becomes `ready` (downloadable for 24 h). The
 * row is only completed while still `building`: when it was given up meanwhile (a stale build
 * marked failed) the file is removed again. A failure marks it `failed` so the member can retry.
 */
export function startExportBuild(ctx: AppContext, exportId: number, userId: number): void {
  const job = buildAndStore(ctx, exportId, userId).finally(() => running.delete(job));
  running.add(job);
}

async function buildAndStore(ctx: AppContext, exportId: number, userId: number): Promise<void> {
  const building = and(eq(dataExports.id, exportId), eq(dataExports.status, 'building'));
  try {
    const zip = await buildExportZip(ctx, userId);
    const key = `exports/${userId}-${randomBytes(16).toString('hex')}.zip`;
    await ctx.storage.put(key, zip);
    const now = ctx.clock.now();
    const completed = await ctx.db
      .update(dataExports)
      .set({
        status: 'ready',
        fileKey: key,
        sizeBytes: zip.byteLength,
        readyAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_TTL_MS),
      })
      .where(building)
      .returning({ id: dataExports.id });
    if (completed.length === 0) await ctx.storage.delete(key);
  } catch (error) {
    ctx.log.warn('data export build failed', { userId, exportId, error });
    await ctx.db
      .update(dataExports)
      .set({ status: 'failed' })
      .where(building)
      .catch(() => undefined);
  }
}

/** Waits for every export build started so far (tests, shutdown). */
export async function settleExportBuilds(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
