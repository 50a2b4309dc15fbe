import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { RateView } from '~/shared/contracts/admin/affiliates';
import { formatPercent } from './finance-format';

/** A conversion rate as a percentage with its 95 % interval below it ("20.0 %", "11.2–33.0 %"). */
export function RateCell({ locale, rate }: { locale: ConsoleLocale; rate: RateView }) {
  if (rate.rate === null) return <td className="num muted">—</td>;
  const t = consoleT(locale);
  const interval = `${((rate.low ?? 0) * 100).toFixed(1)}–${((rate.high ?? 0) * 100).toFixed(1)} %`;
  return (
    <td className="num">
      {formatPercent(rate.rate)}
      <div className="admin-rate-interval" title={t('landers.interval_title')}>
        <span className="visually-hidden">{t('landers.interval')} </span>
        {interval}
      </div>
    </td>
  );
}
