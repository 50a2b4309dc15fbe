import type { Cam } from './contracts/xcams';
import type { SearchFilters } from './contracts/search';

/** The cam feed's query for a search: its gender and ages (docs/product.md §6 webcam cards). */
export type CamQuery = Pick<SearchFilters, 'gender' | 'min_age' | 'max_age'>;

/** The cams shown beside a search, named by the query they answer (`key`, see camQueryOf). */
export interface SearchCams {
  key: string;
  cams: Cam[];
}

/**
 * The cam query of a search's filters and its key (a string naming the query: equal filters
 * give equal keys). The server's first page and the browser's store use it alike, so cams the
 * page brought are not asked for again.
 */
export function camQueryOf(filters: SearchFilters): { query: CamQuery; key: string } {
  const query: CamQuery = {};
  if (filters.gender !== undefined) query.gender = filters.gender;
  if (filters.min_age !== undefined) query.min_age = filters.min_age;
  if (filters.max_age !== undefined) query.max_age = filters.max_age;
  return { query, key: JSON.stringify(query) };
}
