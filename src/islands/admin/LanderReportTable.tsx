import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { BreakdownRowView } from '~/shared/contracts/admin/affiliates';
import { formatCount } from './finance-format';
import { RateCell } from './RateCell';

/** The source of a row: network, lander and variant as the operator reads them. */
export function sourceText(locale: ConsoleLocale, row: BreakdownRowView): string {
  const t = consoleT(locale);
  return [row.network ?? t('landers.no_network'), row.lander, row.variant ?? t('landers.no_experiment')].join(' · ');
}

function Counts({ locale, row }: { locale: ConsoleLocale; row: BreakdownRowView }) {
  const count = (value: number) => formatCount(locale, value);
  return (
    <>
      <td className="num">{count(row.visits)}</td>
      <td className="num">{count(row.signups)}</td>
      <RateCell locale={locale} rate={row.signupRate} />
      <td className="num">{count(row.activations)}</td>
      <RateCell locale={locale} rate={row.activationRate} />
      <td className="num">{count(row.sales)}</td>
      <RateCell locale={locale} rate={row.saleRate} />
    </>
  );
}

const COUNT_HEADINGS = ['visits', 'signups', 'signup_rate', 'activations', 'activation_rate', 'sales', 'sale_rate'];

/**
 * The lander report's rows: one per network / lander / variant, or with `byDay` one group per
 * source with a row per UTC day. Rates are per visit.
 */
export function LanderReportTable({
  locale,
  rows,
  byDay,
}: {
  locale: ConsoleLocale;
  rows: BreakdownRowView[];
  byDay: boolean;
}) {
  const t = consoleT(locale);
  const groups = new Map<string, BreakdownRowView[]>();
  for (const row of rows) {
    const source = sourceText(locale, row);
    groups.set(source, [...(groups.get(source) ?? []), row]);
  }
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={t('landers.table')}>
      <table className="admin-table">
        <thead>
          <tr>
            {byDay ? (
              <th scope="col">{t('revenue.key_day')}</th>
            ) : (
              <>
                <th scope="col">{t('landers.network')}</th>
                <th scope="col">{t('landers.lander')}</th>
                <th scope="col">{t('landers.variant')}</th>
              </>
            )}
            {COUNT_HEADINGS.map((heading) => (
              <th key={heading} scope="col" className="num">
                {t(`landers.col_${heading}`)}
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
                  <Counts locale={locale} row={row} />
                </tr>
              ))}
            </tbody>
          ))
        ) : (
          <tbody>
            {rows.map((row) => (
              <tr key={sourceText(locale, row)}>
                <td>{row.network ?? <span className="muted">{t('landers.none')}</span>}</td>
                <td>{row.lander}</td>
                <td>{row.variant ?? <span className="muted">{t('landers.none')}</span>}</td>
                <Counts locale={locale} row={row} />
              </tr>
            ))}
          </tbody>
        )}
      </table>
    </div>
  );
}
