import { useState, type FormEvent } from 'react';
import { callAdmin } from '~/client/admin-api';
import {
  adminPostbacksContract,
  CONVERSION_EVENT_VALUES,
  POSTBACK_STATUS_VALUES,
  type PostbackView,
} from '~/shared/contracts/admin/affiliates';
import { anyOption, siteOptions } from './finance-format';
import { FilterSelect } from './FilterSelect';
import { PostbackRow } from './PostbackRow';
import { useAdminLoad } from './use-admin-load';
import { LoadProblem, KeysetPager } from './AdminLoadState';

type Option = { value: string; label: string };
type Filter = { site?: string; network?: string; status?: PostbackView['status']; event?: PostbackView['event'] };

/**
 * docs/product.md §13 Affiliates, postback log: the postbacks to networks newest first with their
 * state and attempts, filterable, with Resend. URLs are shown as sent: they carry the networks'
 * click ids, never personal data.
 */
export function PostbackLogSection({ sites, networks }: { sites: Option[]; networks: string[] }) {
  const [filter, setFilter] = useState<Filter>({});
  const [pages, setPages] = useState<number[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const before = pages.at(-1);
  const load = useAdminLoad(
    () => callAdmin(adminPostbacksContract, { query: { ...filter, before } }),
    JSON.stringify([filter, before]),
  );

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '') || undefined;
    setPages([]);
    setNotice(null);
    setFilter({
      site: value('site'),
      network: value('network'),
      status: value('status') as Filter['status'],
      event: value('event') as Filter['event'],
    });
  }

  function resent(text: string) {
    setNotice(text);
    load.reload();
  }

  const rows = load.data?.postbacks ?? [];
  return (
    <section className="admin-panel" aria-labelledby="postbacks-title">
      <h2 id="postbacks-title">Postback log</h2>
      <form className="admin-toolbar" onSubmit={apply} aria-label="Filter postbacks">
        <FilterSelect name="site" label="Site" options={siteOptions(sites)} />
        <FilterSelect name="network" label="Network" options={anyOption(networks)} />
        <FilterSelect name="status" label="Status" options={anyOption(POSTBACK_STATUS_VALUES)} />
        <FilterSelect name="event" label="Event" options={anyOption(CONVERSION_EVENT_VALUES)} />
        <button type="submit" className="btn btn-secondary">
          Filter
        </button>
      </form>
      {notice && (
        <p className="admin-notice admin-notice-success" role="status">
          {notice}
        </p>
      )}
      <LoadProblem load={load} />
      {load.data && rows.length === 0 && <p className="admin-empty">No postbacks match these filters.</p>}
      {rows.length > 0 && (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Postback log table">
          <table className="admin-table admin-postbacks" aria-busy={load.loading}>
            <thead>
              <tr>
                <th scope="col">Postback</th>
                <th scope="col">Network</th>
                <th scope="col">Event</th>
                <th scope="col">Account</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Attempts
                </th>
                <th scope="col">Sent to</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <PostbackRow key={`${row.id}-${row.status}-${row.attempts}`} row={row} onResent={resent} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetPager pages={pages} onPages={setPages} hasMore={load.data?.hasMore ?? false} lastId={rows.at(-1)?.id} />
    </section>
  );
}
