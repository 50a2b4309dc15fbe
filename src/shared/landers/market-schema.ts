import { z } from 'zod';
import { LOCALES } from '../locales';

const citySchema = z.strictObject({
  name: z.string().trim().min(1).max(40),
  /** Degrees: the city centre, where a map pin may stand (never a member's own position). */
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});

/** One language's market in `landers/markets.yaml`: its country and the cities landers name. */
export const marketSchema = z.strictObject({
  country: z.string().regex(/^[A-Z]{2}$/),
  cities: z.array(citySchema).min(6).max(30),
});
export type Market = z.infer<typeof marketSchema>;

/** `landers/markets.yaml`: a market for each of the seven locales (docs/product.md §1). */
export const marketsSchema = z.strictObject(
  Object.fromEntries(LOCALES.map((locale) => [locale, marketSchema])) as Record<
    (typeof LOCALES)[number],
    typeof marketSchema
  >,
);
