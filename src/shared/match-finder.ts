import { z } from 'zod';
import { AGE_BUCKETS, GENDERS } from './constants';
import type { SearchFilters } from './contracts/search';

/** The answers of the /match-finder quiz (docs/product.md §2): who the visitor is, whom and which ages they look for. */
export const matchFinderAnswersSchema = z.object({
  gender: z.enum(GENDERS),
  seeking: z.enum(GENDERS),
  age: z.enum(AGE_BUCKETS.map((bucket) => bucket.id) as [string, ...string[]]),
});
export type MatchFinderAnswers = z.infer<typeof matchFinderAnswersSchema>;

/** The search filters the answers stand for (gender sought and the age bucket of docs/product.md §9). */
export function matchFilters(answers: Pick<MatchFinderAnswers, 'seeking' | 'age'>): SearchFilters {
  const bucket = AGE_BUCKETS.find((b) => b.id === answers.age) ?? AGE_BUCKETS[0];
  return { gender: answers.seeking, min_age: bucket.min, max_age: bucket.max };
}

/** The query string of search filters (for /signup-matches and /members). */
export function filtersQuery(filters: SearchFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  return params.toString();
}
