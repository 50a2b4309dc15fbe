import type { TFunction } from 'i18next';
import { useState, type KeyboardEvent } from 'react';
import { MAX_MESSAGE_LENGTH } from '../../shared/contracts/chat';

interface Props {
  t: TFunction;
  disabled: boolean;
  onSend: (text: string) => void;
  onTyping: () => void;
}

/** The message composer: Enter sends, Shift+Enter makes a new line. */
export function Composer({ t, disabled, onSend, onTyping }: Props) {
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
