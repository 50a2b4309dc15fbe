import { z } from 'zod';
import { defineContract, noParams } from './define';
import * as routes from './routes';

/** `POST /api/dev.php` — development builds only (404 elsewhere): the developer panel's server actions (docs/product.md §2). */
export const devActionContract = defineContract({
  ...routes.devAction,
  auth: 'member',
  query: noParams,
  body: z.strictObject({ action: z.enum(['zero_credits']) }),
  response: z.object({ done: z.literal(true), credits: z.number().int() }),
  errors: ['not_found', 'not_logged_in', 'validation_failed'],
});
