import type { ReactNode } from 'react';
import { CONSOLE_LOCALE_TAGS, consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { formatCount } from './finance-format';

/** How today compares with the daily average of the 7 days before ("▲ 25 % vs 7-day average 8.0/day"). */
function comparisonText(locale: ConsoleLocale, today: number, last7Days: number, format: (value: number) => string) {
  const t = consoleT(locale);
  const average = last7Days / 7;
  if (average === 0) return { arrow: today > 0 ? '▲' : '', text: t('dashboard.nothing_before') };
  const change = Math.round(((today - average) / average) * 100);
  return {
    arrow: change > 0 ? '▲' : change < 0 ? '▼' : '',
    text: t('dashboard.comparison', {
      change: `${change > 0 ? '+' : ''}${change}`,
      average: format(average),
      total: format(last7Days),
    }),
  };
}

interface ComparisonProps {
  locale: ConsoleLocale;
  label: string;
  today: number;
  last7Days: number;
  /** Formats the numbers (default: whole counts; revenue passes its currency format). */
  format?: (value: number) => string;
  /** A link under the figure, e.g. to the section that works on it. */
  action?: ReactNode;
}

/** A stat card of the dashboard: today's figure (UTC day so far) and how it compares with the 7 days before. */
export function ComparisonStat({ locale, label, today, last7Days, format, action }: ComparisonProps) {
  const shown = format ?? ((value: number) => formatCount(locale, value));
  const { arrow, text } = comparisonText(locale, today, last7Days, (value) =>
    format ? format(value) : value.toLocaleString(CONSOLE_LOCALE_TAGS[locale], { maximumFractionDigits: 1 }),
  );
  return (
    <div className="admin-stat">
      <dt>{label}</dt>
      <dd>
        {shown(today)}
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
