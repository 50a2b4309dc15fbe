import { useCallback, useState } from 'react';
import { FailedRenewalsSection } from './FailedRenewalsSection';
import { RevenueSection } from './RevenueSection';
import { TransactionsSection } from './TransactionsSection';

type Option = { value: string; label: string };

/**
 * docs/product.md §13 Payments (finance, admins): transactions with filters and refunds, the revenue
 * report, failed renewals. A refund reloads the revenue too.
 */
export default function PaymentsPanel({ sites }: { sites: Option[] }) {
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((value) => value + 1), []);
  return (
    <>
      <TransactionsSection sites={sites} onChanged={changed} />
      <RevenueSection sites={sites} version={version} />
      <FailedRenewalsSection sites={sites} version={version} />
    </>
  );
}
