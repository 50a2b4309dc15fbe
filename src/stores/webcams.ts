import { atom } from 'nanostores';
import { callApi } from '../client/api';
import { camQueryOf, type SearchCams } from '~/shared/cam-query';
import type { SearchFilters } from '~/shared/contracts/search';
import type { Cam } from '~/shared/contracts/xcams';
import { CAM_CARD_POSITIONS } from '~/shared/contracts/values';
import { SEARCH_PAGE_SIZE } from '~/shared/constants';
import type { PublicProfile } from '~/shared/contracts/profile';
import * as routes from '~/shared/contracts/routes';

/**
 * Webcam cards of the search grid (docs/product.md §6, §9): the partner's cams for the
 * search's gender and ages, loaded only for eligible members. Failures are
 * only logged (the grid then shows members alone).
 */
export const $cams = atom<SearchCams>({ key: '', cams: [] });

/** The cams the server rendered with the first page of results: no request asks for them again. */
export function primeCams(first: SearchCams): void {
  $cams.set(first);
}

/** Loads cams for the filters unless already loaded for them. */
export async function loadCams(filters: SearchFilters): Promise<void> {
  const { query, key } = camQueryOf(filters);
  if ($cams.get().key === key) return;
  $cams.set({ key, cams: [] });
  try {
    const { cams } = await callApi(routes.xcamsSearch, { query });
    if ($cams.get().key === key) $cams.set({ key, cams });
  } catch (error) {
    console.warn('cams load failed', error);
  }
}

export type GridItem =
  { kind: 'profile'; profile: PublicProfile } | { kind: 'cam'; cam: Cam; variant: 'live' | 'resell'; block: number };

/**
 * docs/product.md §9: in every block of 12 results, a live cam card at index 1 and a
 * resell card at index 5 (positions in the block as shown), taken from the cam
 * list by block: block b uses the b-th live cam and the b-th other cam,
 * wrapping around. Profiles keep their order; a block too short for a
 * position gets no card there.
 */
export function withCamCards(profiles: PublicProfile[], cams: Cam[], firstBlock = 0): GridItem[] {
  const live = cams.filter((cam) => cam.live);
  const resell = cams.length > live.length ? cams.filter((cam) => !cam.live) : cams;
  const items: GridItem[] = [];
  for (let start = 0; start < profiles.length; start += SEARCH_PAGE_SIZE) {
    const block = firstBlock + start / SEARCH_PAGE_SIZE;
    const blockItems: GridItem[] = profiles
      .slice(start, start + SEARCH_PAGE_SIZE)
      .map((profile) => ({ kind: 'profile', profile }));
    if (live.length > 0 && blockItems.length > CAM_CARD_POSITIONS.live) {
      blockItems.splice(CAM_CARD_POSITIONS.live, 0, {
        kind: 'cam',
        cam: live[block % live.length]!,
        variant: 'live',
        block,
      });
    }
    if (resell.length > 0 && blockItems.length > CAM_CARD_POSITIONS.resell) {
      blockItems.splice(CAM_CARD_POSITIONS.resell, 0, {
        kind: 'cam',
        cam: resell[block % resell.length]!,
        variant: 'resell',
        block,
      });
    }
    items.push(...blockItems);
  }
  return items;
}
