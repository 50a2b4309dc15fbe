import { useState, type FormEvent } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { CONVERSION_EVENT_VALUES, POSTBACK_STATUS_VALUES } from '~/shared/contracts/admin/affiliates';
import { fetchPostbacks, type PostbackFilter } from '../../stores/admin/affiliates';
import { anyOption, siteOptions } from './finance-format';
import { FilterSelect } from './FilterSelect';
import { statusText } from './member-format';
import { PostbackRow } from './PostbackRow';
import { useAdminLoad } from './use-admin-load';
import { LoadProblem, KeysetPager } from './AdminLoadState';

type Option = { value: string; label: string };

/**
 * docs/product.md §13 Affiliates, postback log: the postbacks to networks newest first with their
 * state and attempts, filterable, with Resend. URLs are shown as sent: they carry the networks'
 * click ids, never personal data.
 */
export function PostbackLogSection({
  locale,
  sites,
  networks,
}: {
  locale: ConsoleLocale;
  sites: Option[];
  networks: string[];
}) {
  const t = consoleT(locale);
  const [filter, setFilter] = useState<PostbackFilter>({});
  const [pages, setPages] = useState<number[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const before = pages.at(-1);
  const load = useAdminLoad(fetchPostbacks, { filter, before });

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '') || undefined;
    setPages([]);
    setNotice(null);
    setFilter({
      site: value('site'),
      network: value('network'),
      status: value('status') as PostbackFilter['status'],
      event: value('event') as PostbackFilter['event'],
    });
  }

  function resent(text: string) {
    setNotice(text);
    load.reload();
  }

  const rows = load.data?.postbacks ?? [];
  return (
    <section className="admin-panel" aria-labelledby="postbacks-title">
      <h2 id="postbacks-title">{t('postbacks.title')}</h2>
      <form className="admin-toolbar" onSubmit={apply} aria-label={t('postbacks.filter_label')}>
        <FilterSelect name="site" label={t('common.site')} options={siteOptions(locale, sites)} />
        <FilterSelect name="network" label={t('landers.network')} options={anyOption(locale, networks)} />
        <FilterSelect
          name="status"
          label={t('payments.status')}
          options={anyOption(locale, POSTBACK_STATUS_VALUES, (value) => statusText(locale, value))}
        />
        <FilterSelect name="event" label={t('postbacks.event')} options={anyOption(locale, CONVERSION_EVENT_VALUES)} />
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
      {load.data && rows.length === 0 && <p className="admin-empty">{t('postbacks.empty')}</p>}
      {rows.length > 0 && (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={t('postbacks.table')}>
          <table className="admin-table admin-postbacks" aria-busy={load.loading}>
            <thead>
              <tr>
                <th scope="col">{t('postbacks.postback')}</th>
                <th scope="col">{t('landers.network')}</th>
                <th scope="col">{t('postbacks.event')}</th>
                <th scope="col">{t('postbacks.account')}</th>
                <th scope="col">{t('payments.status')}</th>
                <th scope="col" className="num">
                  {t('postbacks.attempts')}
                </th>
                <th scope="col">{t('postbacks.sent_to')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('operators.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <PostbackRow
                  key={`${row.id}-${row.status}-${row.attempts}`}
                  locale={locale}
                  row={row}
                  onResent={resent}
                />
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
