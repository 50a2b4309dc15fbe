import type { Gif } from '~/shared/contracts/chat';
import type { GifProvider } from './gif-provider';
import { GIF_LOCALES, OFFLINE_GIFS, type GifLocale, type OfflineGif } from './offline-gifs';

/** Ids of the built-in set carry this prefix, so they never clash with an HTTP provider's ids. */
export const OFFLINE_ID_PREFIX = 'offline:';

/** Lowercase without accents, so "cafe" finds "café" and "coeur" finds "cœur". */
function fold(text: string): string {
  return text.toLocaleLowerCase('en').normalize('NFKD').replace(/\p{M}/gu, '').replace(/œ/g, 'oe').replace(/ł/g, 'l');
}

function toRef(gif: OfflineGif, locale: GifLocale): Gif {
  return {
    id: `${OFFLINE_ID_PREFIX}${gif.id}`,
    url: `/gifs/${gif.id}.gif`,
    preview: `/gifs/${gif.id}-preview.gif`,
    width: gif.width,
    height: gif.height,
    title: gif.title[locale],
  };
}

function asGifLocale(locale: string): GifLocale {
  return (GIF_LOCALES as readonly string[]).includes(locale) ? (locale as GifLocale) : 'en_US';
}

/**
 * The built-in GIF set (public/gifs/, made by scripts/make-gifs.ts): works
 * with no network and no API key. A search matches the words of the member's
 * locale and English, accents ignored; an empty query lists the whole set.
 */
export function createOfflineGifProvider(): GifProvider {
  return {
    kind: 'offline',
    async search(query, locale, limit) {
      const at = asGifLocale(locale);
      const words = fold(query).split(/\s+/).filter(Boolean);
      const matches = OFFLINE_GIFS.filter((gif) => {
        if (words.length === 0) return true;
        const haystack = [gif.title[at], gif.title.en_US, ...gif.tags[at], ...gif.tags.en_US].map(fold);
        return words.every((word) => haystack.some((entry) => entry.includes(word)));
      });
      return matches.slice(0, limit).map((gif) => toRef(gif, at));
    },
    async get(id, locale) {
      if (!id.startsWith(OFFLINE_ID_PREFIX)) return null;
      const gif = OFFLINE_GIFS.find((entry) => entry.id === id.slice(OFFLINE_ID_PREFIX.length));
      return gif ? toRef(gif, asGifLocale(locale)) : null;
    },
  };
}
