import { useEffect, useRef } from 'react';

interface Props {
  onMore: () => void;
  disabled: boolean;
  label: string;
}

/**
 * Infinite scroll (docs/product.md §4): calls `onMore` when the sentinel comes within
 * 600 px of the viewport. The button is the fallback for keyboards and for
 * browsers without IntersectionObserver.
 */
export function ScrollMore({ onMore, disabled, label }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onMore);
  latest.current = onMore;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || disabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      rootMargin: '0px 0px 600px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [disabled]);
  return (
    <div ref={sentinel} className="scroll-more" data-testid="scroll-more">
      <button type="button" className="btn btn-secondary" disabled={disabled} onClick={onMore}>
        {label}
      </button>
    </div>
  );
}
