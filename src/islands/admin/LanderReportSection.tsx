import { useState, type FormEvent } from 'react';
import { callAdmin } from '~/client/admin-api';
import { adminAffiliateReportContract, type VerdictView } from '~/shared/contracts/admin/affiliates';
import { TextField } from '../shell/TextField';
import { utcDayBefore } from './finance-format';
import { FilterSelect } from './FilterSelect';
import { LanderReportTable } from './LanderReportTable';
import { SegmentedChoice } from './SegmentedChoice';
import { useAdminLoad } from './use-admin-load';

type Option = { value: string; label: string };
const VIEWS = [
  { value: 'total', label: 'Whole period' },
  { value: 'day', label: 'Per day' },
] as const;

function Verdict({ verdict }: { verdict: VerdictView }) {
  return (
    <li>
      Experiment <strong>{verdict.experiment}</strong>: {verdict.leader} leads {verdict.runnerUp} on signup rate, p ={' '}
      {verdict.p < 0.0001 ? '< 0.0001' : verdict.p.toFixed(4)} —{' '}
      {verdict.significant ? (
        <span className="admin-badge">significant (p &lt; 0.05)</span>
      ) : (
        <span className="admin-badge admin-badge-muted">not significant yet</span>
      )}
    </li>
  );
}

/**
 * docs/product.md §13 Affiliates, lander report: visits, signups, activations and sales with rates
 * per network / lander / variant of a site and period (UTC days), optionally per day, and the
 * experiments' verdicts.
 */
export function LanderReportSection({ sites }: { sites: Option[] }) {
  const [period, setPeriod] = useState({ site: sites[0]?.value ?? '', from: utcDayBefore(13), to: utcDayBefore(0) });
  const [view, setView] = useState<'total' | 'day'>('total');
  const load = useAdminLoad(
    () => callAdmin(adminAffiliateReportContract, { query: { ...period, byDay: view === 'day' ? '1' : undefined } }),
    JSON.stringify([period, view]),
  );

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPeriod({ site: String(form.get('site')), from: String(form.get('from')), to: String(form.get('to')) });
  }

  const data = load.data;
  return (
    <section className="admin-panel" aria-labelledby="affiliates-title">
      <h1 id="affiliates-title">Affiliates</h1>
      <h2 className="admin-subtitle">Lander report</h2>
      <p className="muted">
        Visits counted at the lander entry links; signups, activations and sales of the accounts that signed up in the
        period (whenever they confirmed or bought). Rates are per visit, with their 95 % interval.
      </p>
      <form className="admin-toolbar" onSubmit={apply} aria-label="Lander report period">
        <FilterSelect name="site" label="Site" options={sites} defaultValue={period.site} />
        <TextField name="from" label="From (UTC day)" type="date" defaultValue={period.from} required />
        <TextField name="to" label="To (UTC day)" type="date" defaultValue={period.to} required />
        <button type="submit" className="btn btn-secondary">
          Show
        </button>
      </form>
      <SegmentedChoice legend="Rows" value={view} options={VIEWS} onChange={setView} />
      {load.error && (
        <p className="alert alert-danger" role="alert">
          {load.error}
        </p>
      )}
      {!data && load.loading && <p className="admin-empty">Loading…</p>}
      {data && data.rows.length === 0 && <p className="admin-empty">No visits or signups in this period.</p>}
      {data && data.rows.length > 0 && (
        <div aria-busy={load.loading}>
          <LanderReportTable rows={data.rows} byDay={data.rows[0]?.day != null} />
        </div>
      )}
      {data && data.experiments.length > 0 && (
        <>
          <h3>Experiments</h3>
          <ul className="admin-verdicts">
            {data.experiments.map((verdict) => (
              <Verdict key={verdict.experiment} verdict={verdict} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
