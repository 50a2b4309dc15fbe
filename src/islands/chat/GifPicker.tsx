import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import type { Gif } from '~/shared/contracts/chat';
import type { Locale } from '~/shared/locales';
import { $gifPicker, searchGifs } from '../../stores/gifs';

interface Props {
  t: TFunction;
  locale: Locale;
  disabled: boolean;
  onPick: (gif: Gif) => void;
}

/** Wait after the last keystroke before searching (ms). */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The composer's GIF button and panel (GIFs): featured GIFs at once, a
 * search field (debounced), loading / empty / error states; picking one sends
 * it. Escape or picking closes the panel and gives focus back to the button.
 */
export function GifPicker({ t, locale, disabled, onPick }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const state = useStore($gifPicker);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    field.current?.focus();
    const timer = setTimeout(() => void searchGifs(query, locale), query ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [open, query, locale]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="gif-picker">
      <button
        ref={button}
        type="button"
        className="btn btn-secondary gif-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        GIF
        <span className="visually-hidden"> {t('chat.gif_open')}</span>
      </button>
      {open && (
        <div
          id={panelId}
          className="gif-panel"
          role="dialog"
          aria-label={t('chat.gif_title')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          <label className="visually-hidden" htmlFor={`${panelId}-q`}>
            {t('chat.gif_search')}
          </label>
          <input
            ref={field}
            id={`${panelId}-q`}
            type="search"
            className="gif-search"
            placeholder={t('chat.gif_search')}
            value={query}
            maxLength={50}
            onChange={(event) => setQuery(event.target.value)}
          />
          {state.status === 'error' ? (
            <div className="gif-state" role="alert">
              <p>{t('chat.gif_error')}</p>
              <button type="button" className="btn btn-link" onClick={() => void searchGifs(query, locale, true)}>
                {t('common.retry')}
              </button>
            </div>
          ) : state.status === 'ready' && state.gifs.length === 0 ? (
            <p className="gif-state">{t('chat.gif_none')}</p>
          ) : (
            <ul className="gif-grid" aria-busy={state.status === 'loading'} data-testid="gif-grid">
              {state.gifs.length === 0
                ? Array.from({ length: 6 }, (_, i) => <li key={i} className="gif-cell skeleton" />)
                : state.gifs.map((gif) => (
                    <li key={gif.id} className="gif-cell" data-gif-id={gif.id}>
                      <button
                        type="button"
                        onClick={() => {
                          onPick(gif);
                          close();
                        }}
                      >
                        <img
                          src={gif.preview}
                          alt={gif.title}
                          width={gif.width}
                          height={gif.height}
                          loading="lazy"
                          decoding="async"
                        />
                      </button>
                    </li>
                  ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
