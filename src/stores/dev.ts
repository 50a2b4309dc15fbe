import { callApi } from '../client/api';
import { devActionContract } from '~/shared/contracts/dev';

/**
 * The developer panel's server action (docs/product.md §2, development builds only):
 * sets the member's credits to 0 (`POST /api/dev.php`). @throws ApiError
 */
export async function zeroCredits(): Promise<void> {
  await callApi(devActionContract, { body: { action: 'zero_credits' } });
}
