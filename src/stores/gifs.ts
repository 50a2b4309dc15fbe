import { atom } from 'nanostores';
import { callApi } from '../client/api';
import type { Gif } from '~/shared/contracts/chat';
import type { Locale } from '~/shared/locales';
import * as routes from '~/shared/contracts/routes';

/**
 * The chat's GIF picker (GIFs): the GIFs for the typed search (featured
 * ones when empty) in the page's language. A newer search wins over a slower
 * older one; failures leave an error state with retry.
 */
export interface GifPickerState {
  query: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  gifs: Gif[];
}

export const $gifPicker = atom<GifPickerState>({ query: '', status: 'idle', gifs: [] });
let latest = 0;

/** Loads the GIFs for `query` unless they are already shown. */
export async function searchGifs(query: string, locale: Locale, force = false): Promise<void> {
  const q = query.trim();
  const state = $gifPicker.get();
  if (!force && state.query === q && (state.status === 'ready' || state.status === 'loading')) return;
  const call = ++latest;
  $gifPicker.set({ query: q, status: 'loading', gifs: state.query === q ? state.gifs : [] });
  try {
    const { gifs } = await callApi(routes.gifs, { query: { q, locale }, quiet: true });
    if (call === latest) $gifPicker.set({ query: q, status: 'ready', gifs });
  } catch {
    if (call === latest) $gifPicker.set({ query: q, status: 'error', gifs: [] });
  }
}
