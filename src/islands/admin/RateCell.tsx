import type { RateView } from '~/shared/contracts/admin/affiliates';
import { formatPercent } from './finance-format';

/** A conversion rate as a percentage with its 95 % interval below it ("20.0 %", "11.2–33.0 %"). */
export function RateCell({ rate }: { rate: RateView }) {
  if (rate.rate === null) return <td className="num muted">—</td>;
  const interval = `${((rate.low ?? 0) * 100).toFixed(1)}–${((rate.high ?? 0) * 100).toFixed(1)} %`;
  return (
    <td className="num">
      {formatPercent(rate.rate)}
      <div className="admin-rate-interval" title="95 % confidence interval">
        <span className="visually-hidden">95 % interval </span>
        {interval}
      </div>
    </td>
  );
}
