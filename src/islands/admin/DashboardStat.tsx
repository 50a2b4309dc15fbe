import type { ReactNode } from 'react';
import { formatCount } from './finance-format';

/** How today compares with the daily average of the 7 days before ("▲ 25 % vs 7-day average 8.0/day"). */
function comparisonText(today: number, last7Days: number, format: (value: number) => string) {
  const average = last7Days / 7;
  if (average === 0) return { arrow: today > 0 ? '▲' : '', text: 'nothing in the 7 days before' };
  const change = Math.round(((today - average) / average) * 100);
  return {
    arrow: change > 0 ? '▲' : change < 0 ? '▼' : '',
    text: `${change > 0 ? '+' : ''}${change} % vs 7-day average ${format(average)}/day (${format(last7Days)} in total)`,
  };
}

interface ComparisonProps {
  label: string;
  today: number;
  last7Days: number;
  /** Formats the numbers (default: whole counts; revenue passes its currency format). */
  format?: (value: number) => string;
  /** A link under the figure, e.g. to the section that works on it. */
  action?: ReactNode;
}

/** A stat card of the dashboard: today's figure (UTC day so far) and how it compares with the 7 days before. */
export function ComparisonStat({ label, today, last7Days, format = formatCount, action }: ComparisonProps) {
  const { arrow, text } = comparisonText(today, last7Days, (value) =>
    format === formatCount ? value.toLocaleString('en-GB', { maximumFractionDigits: 1 }) : format(value),
  );
  return (
    <div className="admin-stat">
      <dt>{label}</dt>
      <dd>
        {format(today)}
        <span className="admin-stat-note">
          {arrow && (
            <span className={arrow === '▲' ? 'admin-trend-up' : 'admin-trend-down'} aria-hidden="true">
              {arrow}{' '}
            </span>
          )}
          {text}
        </span>
        {action}
      </dd>
    </div>
  );
}

interface PlainProps {
  label: string;
  value: string;
  note?: string;
  action?: ReactNode;
}

/** A stat card with one figure and an optional note. */
export function PlainStat({ label, value, note, action }: PlainProps) {
  return (
    <div className="admin-stat">
      <dt>{label}</dt>
      <dd>
        {value}
        {note && <span className="admin-stat-note">{note}</span>}
        {action}
      </dd>
    </div>
  );
}
