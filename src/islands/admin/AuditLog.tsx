import { useState, type FormEvent } from 'react';
import { callAdmin } from '~/client/admin-api';
import { adminAuditContract, type AuditEntryView } from '~/shared/contracts/admin/operators';
import { TextField } from '../shell/TextField';
import { formatTime, useAdminLoad } from './use-admin-load';
import { LoadProblem, KeysetPager } from './AdminLoadState';

type Filter = {
  operator?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
  from?: string;
  to?: string;
};
const OBJECT_TYPES = ['', 'member', 'report', 'photo', 'transaction', 'postback', 'operator'];

/** Changed fields of an entry as `field: before → after` lines. */
function changes(entry: AuditEntryView): string[] {
  const keys = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));
  return [...keys].map((key) =>
    entry.before && key in entry.before
      ? `${key}: ${show(entry.before[key])} → ${show(entry.after?.[key])}`
      : `${key}: ${show(entry.after?.[key])}`,
  );
}

/** docs/product.md §13 Audit log: every operator action, newest first, filterable, paged back. */
export default function AuditLog() {
  const [filter, setFilter] = useState<Filter>({});
  const [pages, setPages] = useState<number[]>([]);
  const before = pages.at(-1);
  const load = useAdminLoad(
    () =>
      callAdmin(adminAuditContract, {
        query: { ...filter, objectType: (filter.objectType || undefined) as never, before },
      }),
    JSON.stringify([filter, before]),
  );

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
      <h1 id="audit-title">Audit log</h1>
      <p className="muted">Every operator action, with what it changed. Entries cannot be edited or deleted.</p>
      <form className="admin-toolbar" onSubmit={apply} aria-label="Filter the audit log">
        <TextField name="operator" label="Operator e-mail" type="email" />
        <TextField name="action" label="Action" placeholder="member.suspend" />
        <div className="field">
          <label htmlFor="audit-object-type">Object</label>
          <select id="audit-object-type" name="objectType" className="select" defaultValue="">
            {OBJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type || 'Any'}
              </option>
            ))}
          </select>
        </div>
        <TextField name="objectId" label="Object id" inputMode="numeric" />
        <TextField name="from" label="From" type="date" />
        <TextField name="to" label="To" type="date" />
        <button type="submit" className="btn btn-secondary">
          Filter
        </button>
      </form>
      <LoadProblem load={load} />
      {load.data && entries.length === 0 && <p className="admin-empty">No entries match these filters.</p>}
      {entries.length > 0 && (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Audit log entries">
          <table className="admin-table" aria-busy={load.loading}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Operator</th>
                <th scope="col">Action</th>
                <th scope="col">Object</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-action={entry.action}>
                  <td>{formatTime(entry.createdAt)}</td>
                  <td>{entry.operatorEmail}</td>
                  <td>
                    <span className="admin-badge">{entry.action}</span>
                  </td>
                  <td>
                    {entry.objectType} {entry.objectId && <span className="admin-mono">#{entry.objectId}</span>}
                    {entry.reportId !== null && <div className="muted">report #{entry.reportId}</div>}
                  </td>
                  <td>
                    {changes(entry).map((line) => (
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
      <KeysetPager pages={pages} onPages={setPages} hasMore={load.data?.hasMore ?? false} lastId={entries.at(-1)?.id} />
    </section>
  );
}
