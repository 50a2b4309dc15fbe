/**
 * The built-in offline GIF set of the chat: animated stickers served from public/gifs/
 * (`{id}.gif` 240×180 and `{id}-preview.gif` 120×90) when no GIF service is configured
 * or reachable. The files are drawn by scripts/make-gifs.ts (`npx tsx scripts/make-gifs.ts`);
 * their only text is "Hi!", "Wow!", "Haha", "OK", "?" and a sleepy "z" (language-neutral).
 * Titles and search words live in offline-gifs.json (data an editor can change), checked here.
 */
import { z } from 'zod';
import manifest from './offline-gifs.json';

export const GIF_LOCALES = ['en_US', 'nl_NL', 'de_DE', 'it_IT', 'fr_FR', 'es_ES', 'pl_PL'] as const;
export type GifLocale = (typeof GIF_LOCALES)[number];

const perLocale = <T extends z.ZodType>(value: T) =>
  z.strictObject(Object.fromEntries(GIF_LOCALES.map((locale) => [locale, value])) as Record<GifLocale, T>);

const offlineGifSchema = z.strictObject({
  /** e.g. 'heart-beat' (lowercase a-z0-9 and -). */
  id: z.string().regex(/^[a-z0-9-]+$/),
  width: z.literal(240),
  height: z.literal(180),
  /** Title per GIF-service locale (shown as the image's alt text). */
  title: perLocale(z.string().min(1).max(200)),
  /** Search words per GIF-service locale, lowercase, in that language. */
  tags: perLocale(z.array(z.string().min(1)).min(1)),
});

/** A GIF of the built-in offline set (GIFs). */
export type OfflineGif = z.infer<typeof offlineGifSchema>;

/** The set, in picker order. @throws ZodError at start-up when offline-gifs.json is malformed. */
export const OFFLINE_GIFS: readonly OfflineGif[] = z.array(offlineGifSchema).min(1).parse(manifest);
