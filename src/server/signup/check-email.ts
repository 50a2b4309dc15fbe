import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailCheckResponse } from '~/shared/contracts/email-check';
import { emailRule } from '~/shared/rules/signup-rules';
import type { AppContext } from '../context';
import { findAccount } from '../platform/accounts/find-account';

/** HMAC of site + address: proves to signup that this address was checked (docs/product.md §3 token). */
export function emailCheckToken(secret: Buffer, site: string, email: string): string {
  return createHmac('sha256', secret).update(`email-check:${site}:${email.toLowerCase()}`).digest('base64url');
}

/** True when `token` is the check token of this site and address. */
export function isEmailCheckToken(secret: Buffer, site: string, email: string, token: string): boolean {
  const expected = Buffer.from(emailCheckToken(secret, site, email));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * docs/product.md §4 e-mail check: new (allowed), active, not_confirmed (an account exists in
 * that state on this site), deleted (the address's account was deleted: allowed too, the page
 * says a new account starts — docs/product.md §10 Account deletion) or invalid (not an address).
 */
export async function checkEmail(ctx: AppContext, site: string, requestEmail: string): Promise<EmailCheckResponse> {
  const parsed = emailRule.safeParse(requestEmail);
  if (!parsed.success)
    return { status: 'invalid', token: null, email: requestEmail.trim(), request_email: requestEmail };
  const email = parsed.data;
  const account = await findAccount(ctx, site, email);
  const status = account ? account.status : 'new';
  return {
    status,
    token: status === 'new' || status === 'deleted' ? emailCheckToken(ctx.secret, site, email) : null,
    email,
    request_email: requestEmail,
  };
}
