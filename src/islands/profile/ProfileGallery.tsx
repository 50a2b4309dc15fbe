import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import type { Locale } from '~/shared/locales';
import { useT } from '../shell/use-t';

interface Props {
  locale: Locale;
  name: string;
  /** Full-size image URLs, main image first. */
  images: string[];
}

/** Profile photo gallery: arrows, dots, keyboard (← →) and swipe navigation. */
export default function ProfileGallery({ locale, name, images }: Props) {
  const t = useT(locale);
  const [index, setIndex] = useState(0);
  const touchStart = useRef<number | null>(null);
  const count = images.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);

  if (count === 0) {
    return (
      <div className="gallery member-card-initial" aria-label={t('member.no_photo')}>
        {name.slice(0, 1).toUpperCase()}
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    if (event.key === 'ArrowLeft') go(index - 1);
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    if (start === null || end === undefined || Math.abs(end - start) < 40) return;
    go(end < start ? index + 1 : index - 1);
  };

  return (
    <div
      className="gallery"
      role="region"
      aria-roledescription="carousel"
      aria-label={t('member.photos', { name })}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onTouchStart={(e) => (touchStart.current = e.touches[0]?.clientX ?? null)}
      onTouchEnd={onTouchEnd}
    >
      <img
        src={images[index]}
        alt={t('member.photo_of', { name, number: index + 1, total: count })}
        width={480}
        height={600}
      />
      {count > 1 && (
        <>
          <button
            type="button"
            className="gallery-nav gallery-prev"
            aria-label={t('member.previous_photo')}
            onClick={() => go(index - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="gallery-nav gallery-next"
            aria-label={t('member.next_photo')}
            onClick={() => go(index + 1)}
          >
            ›
          </button>
          <div className="gallery-dots">
            {images.map((_, i) => (
              <button
                key={i}
                type="button"
                className="gallery-dot"
                aria-label={t('member.photo_number', { number: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
