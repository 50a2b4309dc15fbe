/**
 * The i18n key that names a credit ledger reason on /credits (docs/architecture.md
 * §6 convention 12, ledger rows): `welcome`, `message:{conversation}`,
 * `dev_reset`, `purchase:{package}`, `refund:{package}`, `chargeback:{package}`, `debt_settled`,
 * `adjustment:{operator's reason}` (docs/product.md §13 Members; the reason itself is not shown);
 * anything else is an "other change".
 */
export function creditReasonKey(
  reason: string,
):
  | 'credits.reason_welcome'
  | 'credits.reason_message'
  | 'credits.reason_dev_reset'
  | 'credits.reason_purchase'
  | 'credits.reason_refund'
  | 'credits.reason_chargeback'
  | 'credits.reason_debt_settled'
  | 'credits.reason_adjustment'
  | 'credits.reason_misc' {
  if (reason === 'welcome') return 'credits.reason_welcome';
  if (/^message:\d+$/.test(reason)) return 'credits.reason_message';
  if (reason === 'dev_reset') return 'credits.reason_dev_reset';
  if (/^purchase:[a-z0-9-]+$/.test(reason)) return 'credits.reason_purchase';
  if (/^refund:[a-z0-9-]+$/.test(reason)) return 'credits.reason_refund';
  if (/^chargeback:[a-z0-9-]+$/.test(reason)) return 'credits.reason_chargeback';
  if (reason === 'debt_settled') return 'credits.reason_debt_settled';
  if (reason.startsWith('adjustment:')) return 'credits.reason_adjustment';
  return 'credits.reason_misc';
}
