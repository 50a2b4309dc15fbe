import type { Gif } from '~/shared/contracts/chat';

/** How many GIFs the picker shows per search. */
export const GIF_PAGE_SIZE = 24;

/**
 * A source of chat GIFs (GIFs). `locale` is the GIF-service locale of
 * the member's language (en_US, nl_NL, … from shared/locales.ts). Members send
 * a GIF by id only; the server resolves the id here, so a message can only
 * carry media the provider really serves.
 */
export interface GifProvider {
  readonly kind: 'offline' | 'http';
  /** GIFs matching `query` (trending/featured ones when it is empty), best first, at most `limit`. */
  search(query: string, locale: string, limit: number): Promise<Gif[]>;
  /** The GIF with this id (title in `locale` where the provider has one), or null when the provider does not know it. */
  get(id: string, locale: string): Promise<Gif | null>;
}
