import type { TFunction } from 'i18next';
import { useState, type KeyboardEvent } from 'react';
import type { Gif } from '~/shared/contracts/chat';
import { MAX_MESSAGE_LENGTH } from '~/shared/contracts/values';
import type { Locale } from '~/shared/locales';
import { GifPicker } from './GifPicker';

interface Props {
  t: TFunction;
  locale: Locale;
  disabled: boolean;
  onSend: (text: string) => void;
  onSendGif: (gif: Gif) => void;
  onTyping: () => void;
}

/** The message composer: Enter sends, Shift+Enter makes a new line; the GIF button opens the picker. */
export function Composer({ t, locale, disabled, onSend, onSendGif, onTyping }: Props) {
  const [text, setText] = useState('');
  const send = () => {
    if (!text.trim() || disabled) return;
    onSend(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <GifPicker t={t} locale={locale} disabled={disabled} onPick={onSendGif} />
      <label className="visually-hidden" htmlFor="composer-text">
        {t('chat.message_label')}
      </label>
      <textarea
        id="composer-text"
        rows={1}
        value={text}
        maxLength={MAX_MESSAGE_LENGTH}
        placeholder={t('chat.placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value) onTyping();
        }}
        onKeyDown={onKeyDown}
        disabled={disabled}
      />
      <button type="submit" className="btn btn-primary" disabled={disabled || !text.trim()}>
        {t('chat.send')}
      </button>
    </form>
  );
}
