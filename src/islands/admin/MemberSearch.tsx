import { useEffect, useState, type FormEvent } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { fetchMembers, memberQueryUrl, type MemberQuery } from '../../stores/admin/members';
import { TextField } from '../shell/TextField';
import { formatCount } from './finance-format';
import { formatDay } from './member-format';
import { MemberStatusBadges } from './MemberStatusBadges';
import { useAdminLoad } from './use-admin-load';
import { LoadProblem } from './AdminLoadState';

interface Props {
  locale: ConsoleLocale;
  /** The configured sites for the site filter (package name and display name). */
  sites: { packageName: string; name: string }[];
  /** The search in the page's URL (`?q=&site=&page=`), so going back returns to the same results. */
  initial: MemberQuery;
}

/**
 * docs/product.md §13 Members: finds members by id, e-mail address or a part of the name,
 * optionally on one site; newest first, 25 a page. Without a search it lists the newest members.
 */
export default function MemberSearch({ locale, sites, initial }: Props) {
  const t = consoleT(locale);
  const [query, setQuery] = useState<MemberQuery>(initial);
  const load = useAdminLoad(fetchMembers, query);

  useEffect(() => {
    window.history.replaceState(null, '', memberQueryUrl(query, window.location.href));
  }, [query]);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setQuery({ q: String(form.get('q') ?? '').trim(), site: String(form.get('site') ?? ''), page: 1 });
  }

  const members = load.data?.members ?? [];
  const siteName = (packageName: string) => sites.find((site) => site.packageName === packageName)?.name ?? packageName;
  const heading = query.q ? t('members.results_for', { q: query.q }) : t('members.newest');
  return (
    <section className="admin-panel" aria-labelledby="members-title">
      <h1 id="members-title">{t('members.title')}</h1>
      <p className="muted">{t('members.intro')}</p>
      <form className="admin-toolbar" role="search" aria-label={t('members.find')} onSubmit={search}>
        <TextField name="q" label={t('members.q')} defaultValue={initial.q} maxLength={254} type="search" />
        <div className="field">
          <label htmlFor="member-site">{t('common.site')}</label>
          <select id="member-site" name="site" className="select" defaultValue={initial.site}>
            <option value="">{t('common.all_sites')}</option>
            {sites.map((site) => (
              <option key={site.packageName} value={site.packageName}>
                {site.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          {t('members.search')}
        </button>
      </form>
      <p className="muted" aria-live="polite">
        {load.data &&
          (query.site
            ? t('members.summary_site', { heading, site: siteName(query.site), page: query.page })
            : t('members.summary', { heading, page: query.page }))}
      </p>
      <LoadProblem locale={locale} load={load} />
      {load.data && members.length === 0 && <p className="admin-empty">{t('members.empty')}</p>}
      {members.length > 0 && (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={t('members.found')}>
          <table className="admin-table" aria-busy={load.loading}>
            <thead>
              <tr>
                <th scope="col">{t('payments.member')}</th>
                <th scope="col">{t('operators.email')}</th>
                <th scope="col">{t('common.site')}</th>
                <th scope="col">{t('payments.status')}</th>
                <th scope="col" className="num">
                  {t('members.credits')}
                </th>
                <th scope="col">{t('renewals.premium_until')}</th>
                <th scope="col">{t('members.joined')}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id}>
                  <td>
                    <a href={`/admin/members/${member.id}`}>{member.name || t('members.no_name')}</a>{' '}
                    <span className="admin-mono muted">#{member.id}</span>
                  </td>
                  <td className="admin-mono">{member.email ?? '—'}</td>
                  <td>{siteName(member.site)}</td>
                  <td>
                    <MemberStatusBadges
                      locale={locale}
                      status={member.status}
                      suspendedUntil={member.suspendedUntil}
                      banned={member.banned}
                    />
                  </td>
                  <td className="num">{formatCount(locale, member.credits)}</td>
                  <td>{member.premiumUntil ? formatDay(locale, member.premiumUntil) : '—'}</td>
                  <td>{formatDay(locale, member.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(query.page > 1 || load.data?.hasMore) && (
        <nav className="admin-actions admin-pager" aria-label={t('members.pages')}>
          {query.page > 1 && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => setQuery({ ...query, page: query.page - 1 })}
            >
              {t('members.previous')}
            </button>
          )}
          {load.data?.hasMore && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => setQuery({ ...query, page: query.page + 1 })}
            >
              {t('members.next')}
            </button>
          )}
        </nav>
      )}
    </section>
  );
}
