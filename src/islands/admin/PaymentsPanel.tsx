import { useCallback, useState } from 'react';
import type { ConsoleLocale } from '~/shared/console-i18n';
import { FailedRenewalsSection } from './FailedRenewalsSection';
import { RevenueSection } from './RevenueSection';
import { TransactionsSection } from './TransactionsSection';

type Option = { value: string; label: string };

/**
 * docs/product.md §13 Payments (finance, admins): transactions with filters and refunds, the revenue
 * report, failed renewals. A refund reloads the revenue too.
 */
export default function PaymentsPanel({ locale, sites }: { locale: ConsoleLocale; sites: Option[] }) {
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((value) => value + 1), []);
  return (
    <>
      <TransactionsSection locale={locale} sites={sites} onChanged={changed} />
      <RevenueSection locale={locale} sites={sites} version={version} />
      <FailedRenewalsSection locale={locale} sites={sites} version={version} />
    </>
  );
}
