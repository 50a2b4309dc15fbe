import { useStore } from '@nanostores/react';
import { $loadingBar } from '../../stores/loading-bar';

/** The 3 px top loading bar (docs/product.md §9); width follows the store, colour marks errors. */
export function LoadingBar({ label }: { label: string }) {
  const bar = useStore($loadingBar);
  return (
    <div
      className={`loading-bar loading-bar-${bar.state}`}
      data-state={bar.state}
      data-testid="loading-bar"
      role="progressbar"
      aria-label={label}
      aria-hidden={!bar.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(bar.progress * 100)}
      style={{
        opacity: bar.visible ? 1 : 0,
        transform: `scaleX(${bar.progress})`,
        transitionDuration: bar.state === 'loading' ? `${bar.durationMs}ms, 200ms` : '200ms, 200ms',
      }}
    />
  );
}
