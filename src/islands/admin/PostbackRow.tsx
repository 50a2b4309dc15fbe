import { useState } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { PostbackView } from '~/shared/contracts/admin/affiliates';
import { resendErrorText, resendPostback } from '../../stores/admin/affiliates';
import { ErrorAlert } from './AdminLoadState';
import { ConfirmDialog } from './ConfirmDialog';
import { statusBadgeClass } from './finance-format';
import { statusText } from './member-format';
import { PostbackAttempts } from './PostbackAttempts';
import { formatTime, useAdminAction } from './use-admin-load';

const COLUMNS = 8;

/** Host and path of a postback URL ("track.example/pb"); the whole URL is in the details. */
function targetOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/** When the postback went out, or when it is tried next. */
function timingText(locale: ConsoleLocale, row: PostbackView): string {
  const t = consoleT(locale);
  if (row.status === 'delivered' && row.deliveredAt)
    return t('postbacks.delivered_at', { time: formatTime(locale, row.deliveredAt) });
  if (row.status === 'pending') return t('postbacks.next_try', { time: formatTime(locale, row.nextAttemptAt) });
  return t('postbacks.given_up', { time: formatTime(locale, row.nextAttemptAt) });
}

interface Props {
  locale: ConsoleLocale;
  row: PostbackView;
  onResent: (notice: string) => void;
}

/**
 * One postback of the log with its Resend button (a delivered one asks first: the network gets the
 * same event id again) and, on demand, its details: the URL as sent and every attempt.
 */
export function PostbackRow({ locale, row, onResent }: Props) {
  const t = consoleT(locale);
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const action = useAdminAction();

  async function resend() {
    const done = await action.run(() => resendPostback(row.id), resendErrorText);
    if (done === null) return;
    setAsking(false);
    onResent(t('postbacks.due_again', { id: row.id, network: row.network }));
  }

  const label = row.status === 'pending' ? t('postbacks.send_now') : t('postbacks.resend');
  return (
    <>
      <tr data-status={row.status}>
        <td>
          <span className="admin-mono">#{row.id}</span>
          <div className="muted">{formatTime(locale, row.createdAt)}</div>
        </td>
        <td>
          {row.network}
          <div className="muted">{row.site}</div>
        </td>
        <td>
          {row.event}
          <div className="muted admin-mono">{t('postbacks.event_id', { id: row.eventId })}</div>
        </td>
        <td>
          {t('payments.member_ref', { id: row.memberId })}
          {row.transactionId !== null && (
            <div className="muted">{t('postbacks.transaction_ref', { id: row.transactionId })}</div>
          )}
        </td>
        <td>
          <span className={statusBadgeClass(row.status)}>{statusText(locale, row.status)}</span>
          <div className="muted">{timingText(locale, row)}</div>
        </td>
        <td className="num">
          {row.attempts}
          <div className="muted">
            {row.lastStatusCode !== null ? `HTTP ${row.lastStatusCode}` : (row.lastError ?? '—')}
          </div>
        </td>
        <td>
          <span className="admin-badge admin-badge-muted">{row.method}</span>{' '}
          <span className="admin-mono">{targetOf(row.url)}</span>
        </td>
        <td>
          <div className="admin-actions">
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={action.busy}
              aria-label={t('postbacks.action_label', { action: label, id: row.id })}
              onClick={() => (row.status === 'delivered' ? setAsking(true) : void resend())}
            >
              {action.busy && !asking ? t('postbacks.sending') : label}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              aria-expanded={open}
              aria-label={t(open ? 'postbacks.hide_details_of' : 'postbacks.show_details_of', { id: row.id })}
              onClick={() => setOpen(!open)}
            >
              {open ? t('postbacks.hide_details') : t('postbacks.details')}
            </button>
          </div>
          {!asking && <ErrorAlert locale={locale} error={action.error} />}
          <ConfirmDialog
            locale={locale}
            open={asking}
            title={t('postbacks.resend_title', { id: row.id })}
            confirmLabel={t('postbacks.resend')}
            busy={action.busy}
            error={action.error}
            onConfirm={() => void resend()}
            onCancel={() => setAsking(false)}
          >
            <p>{t('postbacks.resend_text', { network: row.network, event: row.event, eventId: row.eventId })}</p>
          </ConfirmDialog>
        </td>
      </tr>
      {open && (
        <tr className="admin-detail-row">
          <td colSpan={COLUMNS}>
            <dl className="admin-kv">
              <dt>{t('postbacks.url_sent')}</dt>
              <dd className="admin-mono">{row.url}</dd>
              <dt>{t('postbacks.attempts')}</dt>
              <dd>
                <PostbackAttempts locale={locale} id={row.id} version={row.attempts} />
              </dd>
            </dl>
          </td>
        </tr>
      )}
    </>
  );
}
