import type { ReactNode } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { MemberRecord } from '~/shared/contracts/admin/members';
import { formatDelta, formatMoney, ledgerReasonText, statusText } from './member-format';
import { formatTime } from './use-admin-load';

/** A record section: its title, a table in a scrolling wrapper, or the empty text. */
function TableSection({
  locale,
  id,
  title,
  note,
  empty,
  isEmpty,
  children,
}: {
  locale: ConsoleLocale;
  id: string;
  title: string;
  note?: string;
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {note && <p className="muted">{note}</p>}
      {isEmpty ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        // Focusable, so a keyboard can scroll a table wider than a phone's screen.
        <div
          className="admin-table-wrap"
          tabIndex={0}
          role="region"
          aria-label={consoleT(locale)('record.table_of', { title })}
        >
          {children}
        </div>
      )}
    </section>
  );
}

/** Where the member is logged in: device and country of each live session (never an id). */
export function MemberSessionsTable({
  locale,
  sessions,
}: {
  locale: ConsoleLocale;
  sessions: MemberRecord['sessions'];
}) {
  const t = consoleT(locale);
  return (
    <TableSection
      locale={locale}
      id="member-sessions-title"
      title={t('record.sessions')}
      empty={t('record.no_sessions')}
      isEmpty={sessions.length === 0}
    >
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('record.device')}</th>
            <th scope="col">{t('record.country')}</th>
            <th scope="col">{t('record.started')}</th>
            <th scope="col">{t('profile.last_active')}</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={`${session.startedAt}-${session.lastActiveAt}`}>
              <td>
                {session.browser && session.os
                  ? t('record.browser_on', { browser: session.browser, os: session.os })
                  : session.browser || session.os || t('record.unknown_browser')}
                {session.kind && <span className="muted"> ({session.kind})</span>}
              </td>
              <td>{session.country ?? '—'}</td>
              <td>{formatTime(locale, session.startedAt)}</td>
              <td>{formatTime(locale, session.lastActiveAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableSection>
  );
}

/** The latest credit ledger rows, newest first. */
export function MemberLedgerTable({ locale, ledger }: { locale: ConsoleLocale; ledger: MemberRecord['ledger'] }) {
  const t = consoleT(locale);
  return (
    <TableSection
      locale={locale}
      id="member-ledger-title"
      title={t('record.ledger')}
      note={t('record.ledger_note')}
      empty={t('record.no_ledger')}
      isEmpty={ledger.length === 0}
    >
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('credits.reason')}</th>
            <th scope="col" className="num">
              {t('record.change')}
            </th>
          </tr>
        </thead>
        <tbody>
          {ledger.map((row) => (
            <tr key={row.id}>
              <td>{formatTime(locale, row.createdAt)}</td>
              <td>
                {ledgerReasonText(locale, row.reason)}
                {row.transaction && <div className="muted admin-mono">{row.transaction}</div>}
                {row.shortfall > 0 && <div className="muted">{t('record.shortfall', { count: row.shortfall })}</div>}
              </td>
              <td className="num">{formatDelta(locale, row.delta)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableSection>
  );
}

/** The latest payment transactions, newest first. */
export function MemberPaymentsTable({
  locale,
  transactions,
}: {
  locale: ConsoleLocale;
  transactions: MemberRecord['transactions'];
}) {
  const t = consoleT(locale);
  return (
    <TableSection
      locale={locale}
      id="member-payments-title"
      title={t('payments.title')}
      note={t('record.payments_note')}
      empty={t('record.no_payments')}
      isEmpty={transactions.length === 0}
    >
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('record.started')}</th>
            <th scope="col">{t('record.product')}</th>
            <th scope="col">{t('payments.status')}</th>
            <th scope="col" className="num">
              {t('payments.amount')}
            </th>
            <th scope="col">{t('payments.method')}</th>
            <th scope="col">{t('record.reference')}</th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((row) => (
            <tr key={row.id}>
              <td>{formatTime(locale, row.createdAt)}</td>
              <td>
                {row.product === 'premium'
                  ? t('record.premium_months', { months: row.premiumMonths })
                  : t('record.credits', { credits: row.credits })}
                <div className="muted">
                  {row.productId}
                  {row.discountCode && ` · ${t('record.code', { code: row.discountCode })}`}
                </div>
              </td>
              <td>
                <span className={`admin-badge${row.status === 'paid' ? '' : ' admin-badge-muted'}`}>
                  {statusText(locale, row.status)}
                </span>
                {row.refundedAt && (
                  <div className="muted">{t('record.refunded_at', { time: formatTime(locale, row.refundedAt) })}</div>
                )}
              </td>
              <td className="num">{formatMoney(locale, row.amountCents, row.currency)}</td>
              <td>
                {row.method}
                <div className="muted">{row.provider}</div>
              </td>
              <td className="admin-mono">{row.publicId}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableSection>
  );
}

/** The tracking record and the signup's origin fields (key/value). */
export function MemberTrackingPanel({
  locale,
  tracking,
}: {
  locale: ConsoleLocale;
  tracking: MemberRecord['tracking'];
}) {
  const t = consoleT(locale);
  const rows: [string, string][] = [
    ...Object.entries(tracking.record ?? {}),
    [t('tracking.traffic_source'), tracking.trafficsource ?? ''],
    [t('tracking.referrer'), tracking.referrer ?? ''],
    [t('tracking.form'), tracking.formPath ?? ''],
    [t('tracking.time_zone'), tracking.timezone ?? ''],
    [t('tracking.browser'), tracking.userAgent ?? ''],
    [t('tracking.from_profile'), tracking.originatingProfileId === null ? '' : `#${tracking.originatingProfileId}`],
  ].filter(([, value]) => value !== '') as [string, string][];
  return (
    <section className="admin-panel" aria-labelledby="member-tracking-title">
      <h2 id="member-tracking-title">{t('tracking.title')}</h2>
      {rows.length === 0 ? (
        <p className="admin-empty">{t('tracking.empty')}</p>
      ) : (
        <dl className="admin-kv">
          {rows.map(([key, value]) => (
            <KeyValue key={key} name={key} value={value} />
          ))}
        </dl>
      )}
    </section>
  );
}

function KeyValue({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd className="admin-mono">{value}</dd>
    </>
  );
}
