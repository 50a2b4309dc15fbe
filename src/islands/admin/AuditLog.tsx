import { useState, type FormEvent } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { AuditEntryView } from '~/shared/contracts/admin/operators';
import { fetchAudit, type AuditFilter } from '../../stores/admin/operators';
import { TextField } from '../shell/TextField';
import { formatTime, useAdminLoad } from './use-admin-load';
import { LoadProblem, KeysetPager } from './AdminLoadState';

const OBJECT_TYPES = ['', 'member', 'report', 'photo', 'transaction', 'postback', 'operator'];

/** Changed fields of an entry as `field: before → after` lines. */
function auditChanges(entry: Pick<AuditEntryView, 'before' | 'after'>): string[] {
  const keys = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));
  return [...keys].map((key) =>
    entry.before && key in entry.before
      ? `${key}: ${show(entry.before[key])} → ${show(entry.after?.[key])}`
      : `${key}: ${show(entry.after?.[key])}`,
  );
}

/** docs/product.md §13 Audit log: every operator action, newest first, filterable, paged back. */
export default function AuditLog({ locale }: { locale: ConsoleLocale }) {
  const t = consoleT(locale);
  const [filter, setFilter] = useState<AuditFilter>({});
  const [pages, setPages] = useState<number[]>([]);
  const before = pages.at(-1);
  const load = useAdminLoad(fetchAudit, { filter, before });

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    setPages([]);
    setFilter({
      operator: value('operator'),
      action: value('action'),
      objectType: value('objectType'),
      objectId: value('objectId'),
      from: value('from'),
      to: value('to'),
    });
  }

  const entries = load.data?.entries ?? [];
  return (
    <section className="admin-panel" aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <p className="muted">{t('audit.intro')}</p>
      <form className="admin-toolbar" onSubmit={apply} aria-label={t('audit.filter_label')}>
        <TextField name="operator" label={t('audit.operator_email')} type="email" />
        <TextField name="action" label={t('audit.action')} placeholder="member.suspend" />
        <div className="field">
          <label htmlFor="audit-object-type">{t('audit.object')}</label>
          <select id="audit-object-type" name="objectType" className="select" defaultValue="">
            {OBJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type || t('common.any')}
              </option>
            ))}
          </select>
        </div>
        <TextField name="objectId" label={t('audit.object_id')} inputMode="numeric" />
        <TextField name="from" label={t('common.from')} type="date" />
        <TextField name="to" label={t('common.to')} type="date" />
        <button type="submit" className="btn btn-secondary">
          {t('audit.filter')}
        </button>
      </form>
      <LoadProblem locale={locale} load={load} />
      {load.data && entries.length === 0 && <p className="admin-empty">{t('audit.empty')}</p>}
      {entries.length > 0 && (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={t('audit.entries')}>
          <table className="admin-table" aria-busy={load.loading}>
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.operator')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.object')}</th>
                <th scope="col">{t('audit.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-action={entry.action}>
                  <td>{formatTime(locale, entry.createdAt)}</td>
                  <td>{entry.operatorEmail}</td>
                  <td>
                    <span className="admin-badge">{entry.action}</span>
                  </td>
                  <td>
                    {entry.objectType} {entry.objectId && <span className="admin-mono">#{entry.objectId}</span>}
                    {entry.reportId !== null && (
                      <div className="muted">{t('audit.report_ref', { id: entry.reportId })}</div>
                    )}
                  </td>
                  <td>
                    {auditChanges(entry).map((line) => (
                      <div key={line} className="admin-mono">
                        {line}
                      </div>
                    ))}
                  </td>
                </tr>
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
        lastId={entries.at(-1)?.id}
      />
    </section>
  );
}
