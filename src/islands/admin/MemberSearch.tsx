import { useEffect, useState, type FormEvent } from 'react';
import { callAdmin } from '~/client/admin-api';
import { adminFindMembersContract } from '~/shared/contracts/admin/members';
import { TextField } from '../shell/TextField';
import { formatDay } from './member-format';
import { MemberStatusBadges } from './MemberStatusBadges';
import { useAdminLoad } from './use-admin-load';
import { LoadProblem } from './AdminLoadState';

interface Query {
  q: string;
  site: string;
  page: number;
}

interface Props {
  /** The configured sites for the site filter (package name and display name). */
  sites: { packageName: string; name: string }[];
  /** The search in the page's URL (`?q=&site=&page=`), so going back returns to the same results. */
  initial: Query;
}

/**
 * docs/product.md §13 Members: finds members by id, e-mail address or a part of the name,
 * optionally on one site; newest first, 25 a page. Without a search it lists the newest members.
 */
export default function MemberSearch({ sites, initial }: Props) {
  const [query, setQuery] = useState<Query>(initial);
  const load = useAdminLoad(
    () =>
      callAdmin(adminFindMembersContract, {
        query: { q: query.q || undefined, site: query.site || undefined, page: query.page },
      }),
    JSON.stringify(query),
  );

  useEffect(() => {
    const url = new URL(window.location.href);
    for (const [name, value] of Object.entries({
      q: query.q,
      site: query.site,
      page: query.page > 1 ? query.page : '',
    })) {
      if (value === '') url.searchParams.delete(name);
      else url.searchParams.set(name, String(value));
    }
    window.history.replaceState(null, '', url);
  }, [query]);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setQuery({ q: String(form.get('q') ?? '').trim(), site: String(form.get('site') ?? ''), page: 1 });
  }

  const members = load.data?.members ?? [];
  const siteName = (packageName: string) => sites.find((site) => site.packageName === packageName)?.name ?? packageName;
  return (
    <section className="admin-panel" aria-labelledby="members-title">
      <h1 id="members-title">Members</h1>
      <p className="muted">Find a member by id, e-mail address (exact) or a part of the name.</p>
      <form className="admin-toolbar" role="search" aria-label="Find members" onSubmit={search}>
        <TextField name="q" label="Id, e-mail address or name" defaultValue={initial.q} maxLength={254} type="search" />
        <div className="field">
          <label htmlFor="member-site">Site</label>
          <select id="member-site" name="site" className="select" defaultValue={initial.site}>
            <option value="">All sites</option>
            {sites.map((site) => (
              <option key={site.packageName} value={site.packageName}>
                {site.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      <p className="muted" aria-live="polite">
        {load.data &&
          `${query.q ? `Results for “${query.q}”` : 'Newest members'}${query.site ? ` on ${siteName(query.site)}` : ''}, page ${query.page}`}
      </p>
      <LoadProblem load={load} />
      {load.data && members.length === 0 && (
        <p className="admin-empty">No member matches. An e-mail address must be typed in full.</p>
      )}
      {members.length > 0 && (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Found members">
          <table className="admin-table" aria-busy={load.loading}>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">E-mail</th>
                <th scope="col">Site</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Credits
                </th>
                <th scope="col">Premium until</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id}>
                  <td>
                    <a href={`/admin/members/${member.id}`}>{member.name || 'No name'}</a>{' '}
                    <span className="admin-mono muted">#{member.id}</span>
                  </td>
                  <td className="admin-mono">{member.email ?? '—'}</td>
                  <td>{siteName(member.site)}</td>
                  <td>
                    <MemberStatusBadges
                      status={member.status}
                      suspendedUntil={member.suspendedUntil}
                      banned={member.banned}
                    />
                  </td>
                  <td className="num">{member.credits.toLocaleString('en-GB')}</td>
                  <td>{member.premiumUntil ? formatDay(member.premiumUntil) : '—'}</td>
                  <td>{formatDay(member.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(query.page > 1 || load.data?.hasMore) && (
        <nav className="admin-actions admin-pager" aria-label="Result pages">
          {query.page > 1 && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => setQuery({ ...query, page: query.page - 1 })}
            >
              Previous page
            </button>
          )}
          {load.data?.hasMore && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => setQuery({ ...query, page: query.page + 1 })}
            >
              Next page
            </button>
          )}
        </nav>
      )}
    </section>
  );
}
