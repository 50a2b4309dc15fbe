import { callApi } from '../client/api';
import * as routes from '~/shared/contracts/routes';

/**
 * The developer panel's server action (docs/product.md §2, development builds only):
 * sets the member's credits to 0 (`POST /api/dev.php`). @throws ApiError
 */
export async function zeroCredits(): Promise<void> {
  await callApi(routes.devAction, { body: { action: 'zero_credits' } });
}
