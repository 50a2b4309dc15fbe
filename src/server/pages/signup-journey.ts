import { searchFiltersSchema, type SearchFilters } from '~/shared/contracts/search';
import { filtersQuery, matchFilters, matchFinderAnswersSchema } from '~/shared/match-finder';
import { withTracking, type TrackingRecordValue } from '~/shared/tracking';
import { continuePath } from './continue-path';

/**
 * Where complete `/match-finder` answers lead (docs/product.md §2): a member
 * straight to `/signup-matches` with the answers' filters, a visitor into
 * signup (`seeking`, the tracking record) and from there to those matches.
 * Null while the answers are missing or invalid (the quiz is shown).
 */
export function matchFinderTarget(
  params: URLSearchParams,
  isMember: boolean,
  tracking: TrackingRecordValue | null,
): string | null {
  const answers = matchFinderAnswersSchema.safeParse(Object.fromEntries(params));
  if (!answers.success) return null;
  const matches = `/signup-matches?${filtersQuery(matchFilters(answers.data))}`;
  if (isMember) return matches;
  return withTracking(`/signup?seeking=${answers.data.seeking}&next=${encodeURIComponent(matches)}`, tracking);
}

/**
 * Where the signup wizard's last step continues: `next` when given (a
 * same-site path), else the matching members when a lander asked whom the
 * visitor is looking for (`seeking`), else the members area.
 */
export function signupContinuePath(params: URLSearchParams): string {
  const next = continuePath(params);
  const seeking = params.get('seeking');
  return !params.has('next') && (seeking === 'female' || seeking === 'male')
    ? `/signup-matches?gender=${seeking}`
    : next;
}

/**
 * The filters of `/signup-matches` (gender and age of its query; anything
 * invalid is dropped) and the search link that keeps them.
 */
export function signupMatchFilters(params: URLSearchParams): { filters: SearchFilters; searchHref: string } {
  const parsed = searchFiltersSchema
    .pick({ gender: true, min_age: true, max_age: true })
    .safeParse(Object.fromEntries(params));
  const filters = parsed.success ? parsed.data : {};
  const query = filtersQuery(filters);
  return { filters, searchHref: query ? `/members?${query}` : '/members' };
}
