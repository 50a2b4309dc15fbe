import { useEffect, useState } from 'react';

/** Whole days and a `hh:mm:ss` clock for `ms` milliseconds (0 and below show 00:00:00). */
export function countdownParts(ms: number): { days: number; clock: string } {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  const days = Math.floor(total / 86_400);
  return {
    days,
    clock: `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`,
  };
}

/**
 * A ticking countdown to `until` (ms since epoch) for an offer's end (docs/product.md §11 welcome
 * discount). The first render uses the server's `renderedAt`, so hydration matches; it then ticks
 * every second from the browser's clock. Announced politely only by its label (no live region:
 * a screen reader is not read every second).
 */
export function Countdown({ until, renderedAt, label }: { until: number; renderedAt: number; label: string }) {
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const { days, clock } = countdownParts(until - now);
  return (
    <span className="countdown" data-testid="countdown">
      {label}{' '}
      <time dateTime={new Date(until).toISOString()}>
        {days > 0 ? `${days}d ` : ''}
        {clock}
      </time>
    </span>
  );
}
