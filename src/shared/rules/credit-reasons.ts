/**
 * The i18n key that names a credit ledger reason on /credits (docs/architecture.md
 * §6 convention 12, ledger rows): `welcome`, `message:{conversation}`,
 * `dev_reset`, `purchase:{package}`; anything else is an "other change".
 */
export function creditReasonKey(
  reason: string,
):
  | 'credits.reason_welcome'
  | 'credits.reason_message'
  | 'credits.reason_dev_reset'
  | 'credits.reason_purchase'
  | 'credits.reason_misc' {
  if (reason === 'welcome') return 'credits.reason_welcome';
  if (/^message:\d+$/.test(reason)) return 'credits.reason_message';
  if (reason === 'dev_reset') return 'credits.reason_dev_reset';
  if (/^purchase:[a-z0-9-]+$/.test(reason)) return 'credits.reason_purchase';
  return 'credits.reason_misc';
}
