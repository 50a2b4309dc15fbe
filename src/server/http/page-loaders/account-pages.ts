import { confirmEmailChange } from '~/server/account';
import { getAppContext } from '~/server/app';
import { peekPasswordReset } from '~/server/auth';
import { handleUnsubscribeRequest, type UnsubscribeOutcome } from '../unsubscribe-request';
import type { PageLoad, PageRequest } from './page-request';

/** What `/mail-change/do` says about the link (docs/product.md §10 E-mail change). */
export type MailChangeOutcome = 'confirmed' | 'invalid' | 'expired' | 'taken';

/**
 * `/mail-change/do?token=…` (docs/product.md §10 E-mail change, no login needed): a valid link
 * changes the address and redirects (303) to `?confirmed=1`, so a reload changes nothing;
 * otherwise why the link failed.
 */
export async function loadMailChangePage(page: PageRequest): Promise<PageLoad<{ outcome: MailChangeOutcome }>> {
  const token = page.url.searchParams.get('token');
  if (token) {
    const result = await confirmEmailChange(await getAppContext(), token);
    if (result.ok) return page.redirect('/mail-change/do?confirmed=1', 303);
    const outcome =
      result.code === 'expired_token' ? 'expired' : result.code === 'account_exists' ? 'taken' : 'invalid';
    return { outcome };
  }
  return { outcome: page.url.searchParams.get('confirmed') === '1' ? 'confirmed' : 'invalid' };
}

/**
 * `/reset-password/do?token=…` (docs/product.md §10 Password reset): the token as the form will
 * need it, and whether the link expired (it is only looked at, not used).
 */
export async function loadPasswordResetPage(
  page: PageRequest,
): Promise<{ token: string; valid: boolean; expired: boolean }> {
  const token = page.url.searchParams.get('token') ?? '';
  const checked = await peekPasswordReset(await getAppContext(), token);
  return { token, valid: checked.ok, expired: !checked.ok && checked.code === 'expired_token' };
}

/** `/unsubscribe` (docs/product.md §10 Notifications): see handleUnsubscribeRequest. */
export async function loadUnsubscribePage(page: PageRequest): Promise<UnsubscribeOutcome> {
  return handleUnsubscribeRequest(await getAppContext(), page.request);
}
