import { useState, type FormEvent } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { TRANSACTION_STATUS_VALUES, type TransactionItem } from '~/shared/contracts/admin/payments';
import { PAYMENT_METHODS } from '~/shared/payments';
import { fetchTransactions, type TransactionFilter } from '../../stores/admin/payments';
import { TextField } from '../shell/TextField';
import { anyOption, siteOptions, statusBadgeClass } from './finance-format';
import { FilterSelect } from './FilterSelect';
import { formatMoney, statusText } from './member-format';
import { RefundAction } from './RefundAction';
import { formatTime, useAdminLoad } from './use-admin-load';
import { LoadProblem, KeysetPager } from './AdminLoadState';

type Option = { value: string; label: string };

function TransactionRow({
  locale,
  row,
  onRefunded,
}: {
  locale: ConsoleLocale;
  row: TransactionItem;
  onRefunded: (notice: string) => void;
}) {
  const t = consoleT(locale);
  return (
    <tr data-status={row.status}>
      <td>
        <span className="admin-mono">#{row.id}</span>
        {row.providerPaymentId && <div className="muted admin-mono admin-provider-id">{row.providerPaymentId}</div>}
      </td>
      <td>{formatTime(locale, row.createdAt)}</td>
      <td>
        {row.memberEmail ?? <span className="muted">{t('payments.deleted_account')}</span>}
        <div className="muted">{t('payments.member_ref', { id: row.memberId })}</div>
      </td>
      <td>{row.site}</td>
      <td>
        {row.product === 'premium'
          ? t('payments.bought_premium', { months: row.premiumMonths, product: row.productId })
          : t('payments.bought_credits', { credits: row.credits + row.bonusCredits, product: row.productId })}
        {row.discountCode && <div className="muted">{t('payments.discount', { code: row.discountCode })}</div>}
      </td>
      <td className="num admin-nowrap">
        {formatMoney(locale, row.amountCents, row.currency)}
        <div className="muted admin-nowrap">
          {t('payments.vat', { amount: formatMoney(locale, row.vatCents, row.currency) })}
        </div>
      </td>
      <td>
        {row.method}
        <div className="muted">{row.country}</div>
      </td>
      <td>
        <span className={statusBadgeClass(row.status)}>{statusText(locale, row.status)}</span>
        {row.refundedAt && <div className="muted">{formatTime(locale, row.refundedAt)}</div>}
      </td>
      <td>{row.status === 'paid' && <RefundAction locale={locale} transaction={row} onRefunded={onRefunded} />}</td>
    </tr>
  );
}

/** docs/product.md §13 Payments: transactions newest first with filters, paging and the refund of paid ones. */
export function TransactionsSection({
  locale,
  sites,
  onChanged,
}: {
  locale: ConsoleLocale;
  sites: Option[];
  onChanged: () => void;
}) {
  const t = consoleT(locale);
  const [filter, setFilter] = useState<TransactionFilter>({});
  const [pages, setPages] = useState<number[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const before = pages.at(-1);
  const load = useAdminLoad(fetchTransactions, { filter, before });

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    setPages([]);
    setNotice(null);
    setFilter({
      site: value('site'),
      status: value('status'),
      method: value('method'),
      from: value('from'),
      to: value('to'),
      member: value('member'),
    });
  }

  function refunded(text: string) {
    setNotice(text);
    load.reload();
    onChanged();
  }

  const rows = load.data?.transactions ?? [];
  return (
    <section className="admin-panel" aria-labelledby="transactions-title">
      <h1 id="transactions-title">{t('payments.title')}</h1>
      <h2 className="admin-subtitle">{t('payments.transactions')}</h2>
      <form className="admin-toolbar" onSubmit={apply} aria-label={t('payments.filter_label')}>
        <FilterSelect name="site" label={t('common.site')} options={siteOptions(locale, sites)} />
        <FilterSelect
          name="status"
          label={t('payments.status')}
          options={anyOption(locale, TRANSACTION_STATUS_VALUES, (value) => statusText(locale, value))}
        />
        <FilterSelect name="method" label={t('payments.method')} options={anyOption(locale, PAYMENT_METHODS)} />
        <TextField name="from" label={t('payments.from_day')} type="date" />
        <TextField name="to" label={t('payments.to_day')} type="date" />
        <TextField name="member" label={t('payments.member_id')} inputMode="numeric" pattern="[0-9]*" />
        <button type="submit" className="btn btn-secondary">
          {t('audit.filter')}
        </button>
      </form>
      {notice && (
        <p className="admin-notice admin-notice-success" role="status">
          {notice}
        </p>
      )}
      <LoadProblem locale={locale} load={load} />
      {load.data && rows.length === 0 && <p className="admin-empty">{t('payments.empty')}</p>}
      {rows.length > 0 && (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={t('payments.table')}>
          <table className="admin-table" aria-busy={load.loading}>
            <thead>
              <tr>
                <th scope="col">{t('payments.transaction')}</th>
                <th scope="col">{t('payments.created')}</th>
                <th scope="col">{t('payments.member')}</th>
                <th scope="col">{t('common.site')}</th>
                <th scope="col">{t('payments.bought')}</th>
                <th scope="col" className="num">
                  {t('payments.amount')}
                </th>
                <th scope="col">{t('payments.method')}</th>
                <th scope="col">{t('payments.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('operators.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <TransactionRow key={row.id} locale={locale} row={row} onRefunded={refunded} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetPager
        locale={locale}
        pages={pages}
        onPages={setPages}
        hasMore={load.data?.hasMore ?? false}
        lastId={rows.at(-1)?.id}
      />
    </section>
  );
}
