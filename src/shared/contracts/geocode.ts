import { z } from 'zod';
import { defineContract } from './define';
import * as routes from './routes';

/** `GET /api/geocode.php?lat=&lon=` (docs/product.md §7) → country, countryregion, city. */
export const geocodeContract = defineContract({
  ...routes.geocode,
  auth: 'visitor',
  query: z.strictObject({
    lat: z.coerce.number({ error: 'validation.number' }).min(-90).max(90),
    lon: z.coerce.number({ error: 'validation.number' }).min(-180).max(180),
  }),
  body: z.undefined(),
  response: z.object({ country: z.string(), countryregion: z.string().nullable(), city: z.string() }),
  errors: ['validation_failed', 'not_found'],
});
