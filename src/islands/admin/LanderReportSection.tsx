import { useState, type FormEvent } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { VerdictView } from '~/shared/contracts/admin/affiliates';
import { fetchLanderReport } from '../../stores/admin/affiliates';
import { TextField } from '../shell/TextField';
import { utcDayBefore } from './finance-format';
import { FilterSelect } from './FilterSelect';
import { LanderReportTable } from './LanderReportTable';
import { SegmentedChoice } from './SegmentedChoice';
import { ErrorAlert } from './AdminLoadState';
import { useAdminLoad } from './use-admin-load';

type Option = { value: string; label: string };

function Verdict({ locale, verdict }: { locale: ConsoleLocale; verdict: VerdictView }) {
  const t = consoleT(locale);
  const p = verdict.p < 0.0001 ? '< 0.0001' : verdict.p.toFixed(4);
  return (
    <li>
      {t('landers.experiment')} <strong>{verdict.experiment}</strong>:{' '}
      {t('landers.verdict', { leader: verdict.leader, runnerUp: verdict.runnerUp, p })} —{' '}
      {verdict.significant ? (
        <span className="admin-badge">{t('landers.significant')}</span>
      ) : (
        <span className="admin-badge admin-badge-muted">{t('landers.not_significant')}</span>
      )}
    </li>
  );
}

/**
 * docs/product.md §13 Affiliates, lander report: visits, signups, activations and sales with rates
 * per network / lander / variant of a site and period (UTC days), optionally per day, and the
 * experiments' verdicts.
 */
export function LanderReportSection({ locale, sites }: { locale: ConsoleLocale; sites: Option[] }) {
  const t = consoleT(locale);
  const [period, setPeriod] = useState({ site: sites[0]?.value ?? '', from: utcDayBefore(13), to: utcDayBefore(0) });
  const [view, setView] = useState<'total' | 'day'>('total');
  const load = useAdminLoad(fetchLanderReport, { ...period, byDay: view === 'day' });

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPeriod({ site: String(form.get('site')), from: String(form.get('from')), to: String(form.get('to')) });
  }

  const data = load.data;
  const views = [
    { value: 'total', label: t('landers.whole_period') },
    { value: 'day', label: t('landers.per_day') },
  ] as const;
  return (
    <section className="admin-panel" aria-labelledby="affiliates-title">
      <h1 id="affiliates-title">{t('landers.title')}</h1>
      <h2 className="admin-subtitle">{t('landers.report')}</h2>
      <p className="muted">{t('landers.intro')}</p>
      <form className="admin-toolbar" onSubmit={apply} aria-label={t('landers.period')}>
        <FilterSelect name="site" label={t('common.site')} options={sites} defaultValue={period.site} />
        <TextField name="from" label={t('payments.from_day')} type="date" defaultValue={period.from} required />
        <TextField name="to" label={t('payments.to_day')} type="date" defaultValue={period.to} required />
        <button type="submit" className="btn btn-secondary">
          {t('revenue.show')}
        </button>
      </form>
      <SegmentedChoice legend={t('landers.rows')} value={view} options={views} onChange={setView} />
      <ErrorAlert locale={locale} error={load.error} />
      {!data && load.loading && <p className="admin-empty">{t('common.loading')}</p>}
      {data && data.rows.length === 0 && <p className="admin-empty">{t('landers.empty')}</p>}
      {data && data.rows.length > 0 && (
        <div aria-busy={load.loading}>
          <LanderReportTable locale={locale} rows={data.rows} byDay={data.rows[0]?.day != null} />
        </div>
      )}
      {data && data.experiments.length > 0 && (
        <>
          <h3>{t('landers.experiments')}</h3>
          <ul className="admin-verdicts">
            {data.experiments.map((verdict) => (
              <Verdict key={verdict.experiment} locale={locale} verdict={verdict} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
