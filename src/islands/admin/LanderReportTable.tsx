import type { BreakdownRowView } from '~/shared/contracts/admin/affiliates';
import { RateCell } from './RateCell';

/** The source of a row: network, lander and variant as the operator reads them. */
export function sourceText(row: BreakdownRowView): string {
  return [row.network ?? 'no network', row.lander, row.variant ?? 'no experiment'].join(' · ');
}

function Counts({ row }: { row: BreakdownRowView }) {
  const count = (value: number) => value.toLocaleString('en-GB');
  return (
    <>
      <td className="num">{count(row.visits)}</td>
      <td className="num">{count(row.signups)}</td>
      <RateCell rate={row.signupRate} />
      <td className="num">{count(row.activations)}</td>
      <RateCell rate={row.activationRate} />
      <td className="num">{count(row.sales)}</td>
      <RateCell rate={row.saleRate} />
    </>
  );
}

const COUNT_HEADINGS = ['Visits', 'Signups', 'Signup rate', 'Activations', 'Activation rate', 'Sales', 'Sale rate'];

/**
 * The lander report's rows: one per network / lander / variant, or with `byDay` one group per
 * source with a row per UTC day. Rates are per visit.
 */
export function LanderReportTable({ rows, byDay }: { rows: BreakdownRowView[]; byDay: boolean }) {
  const groups = new Map<string, BreakdownRowView[]>();
  for (const row of rows) groups.set(sourceText(row), [...(groups.get(sourceText(row)) ?? []), row]);
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Lander report table">
      <table className="admin-table">
        <thead>
          <tr>
            {byDay ? (
              <th scope="col">Day (UTC)</th>
            ) : (
              <>
                <th scope="col">Network</th>
                <th scope="col">Lander</th>
                <th scope="col">Variant</th>
              </>
            )}
            {COUNT_HEADINGS.map((heading) => (
              <th key={heading} scope="col" className="num">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        {byDay ? (
          [...groups.entries()].map(([source, days]) => (
            <tbody key={source}>
              <tr className="admin-group-row">
                <th scope="colgroup" colSpan={COUNT_HEADINGS.length + 1}>
                  {source}
                </th>
              </tr>
              {days.map((row) => (
                <tr key={row.day}>
                  <th scope="row">{row.day}</th>
                  <Counts row={row} />
                </tr>
              ))}
            </tbody>
          ))
        ) : (
          <tbody>
            {rows.map((row) => (
              <tr key={sourceText(row)}>
                <td>{row.network ?? <span className="muted">none</span>}</td>
                <td>{row.lander}</td>
                <td>{row.variant ?? <span className="muted">none</span>}</td>
                <Counts row={row} />
              </tr>
            ))}
          </tbody>
        )}
      </table>
    </div>
  );
}
