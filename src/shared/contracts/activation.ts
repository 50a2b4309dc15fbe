import { z } from 'zod';
import { defineContract, noParams } from './define';

/** `GET /api/activate.php` (docs/product.md §7), polled every 900 ms on step 6 → docs/product.md §3 Activation response. */
export const activationContract = defineContract({
  method: 'GET',
  path: '/api/activate.php',
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: z.object({ delivered: z.boolean() }),
  errors: ['not_logged_in'],
});
