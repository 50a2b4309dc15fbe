/**
 * The names of the server's rate limits (their sizes are in `rateLimitFor()`,
 * src/server/platform/rate-limit/rate-limit.ts). Shared so that a contract can declare the limit the operation
 * pipeline applies before its handler runs (`rateLimit` in ./define.ts, docs/architecture.md
 * "Operations").
 */
export const RATE_LIMIT_NAMES = [
  'login',
  'signup',
  'emailCheck',
  'passwordChange',
  'passwordReset',
  'passwordResetAccount',
  'activationResend',
  'activationResendDaily',
  'dataExport',
  'emailChange',
  'emailChangeResend',
  'emailChangeLink',
  'report',
  'uploadBytes',
  'operatorLogin',
  'operatorCode',
  'paymentStart',
  'paymentWebhook',
  'paymentLookup',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

/**
 * A limit the pipeline counts for every call that passed parsing, before the handler: one hit
 * per call in the window of `name`, keyed by the logged-in member (`member`: `user:{id}`) or the
 * client address (`address`: `ip:{address}`). Over the limit → 429 `rate_limited` with
 * `Retry-After`, so the contract's `errors` lists `rate_limited`.
 */
export interface RateLimitRule<Per extends 'member' | 'address' = 'member' | 'address'> {
  name: RateLimitName;
  per: Per;
}
