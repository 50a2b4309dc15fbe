import type { TFunction } from 'i18next';
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import type { ChatMessage, Gif } from '~/shared/contracts/chat';
import type { OutgoingMessage } from '../../stores/conversation';
import { dayLabel, isNewDay, messageTime } from './chat-time';

interface Props {
  messages: ChatMessage[];
  outgoing: OutgoingMessage[];
  myId: number;
  hasMore: boolean;
  loadingOlder: boolean;
  typing: boolean;
  otherName: string;
  /** False when the other member deleted their account (docs/product.md §10): no "say hello". */
  canReply?: boolean;
  locale: string;
  t: TFunction;
  onLoadOlder: () => void;
  onRetry: (message: OutgoingMessage) => void;
  onDiscard: (localId: number) => void;
}

/** A bubble: the text as plain text, or the GIF at its size (capped by CSS). */
function MessageBody({ text, gif }: { text: string | null; gif: Gif | null }) {
  if (gif) {
    return (
      <p className="bubble bubble-gif" data-gif-id={gif.id}>
        <img src={gif.url} alt={gif.title} width={gif.width} height={gif.height} loading="lazy" decoding="async" />
      </p>
    );
  }
  return (
    <p className="bubble" dir="auto">
      {text}
    </p>
  );
}

/**
 * The message history: day separators, bubbles (plain text only: React
 * escapes it, `dir="auto"` and `unicode-bidi: plaintext` neutralise bidi
 * tricks, links are not made clickable), "seen" on my last read message,
 * sending/failed states, typing dots. Scrolling to the top loads older pages
 * and keeps the view where it was.
 */
export function MessageList({
  messages,
  outgoing,
  myId,
  hasMore,
  loadingOlder,
  typing,
  otherName,
  canReply = true,
  locale,
  t,
  onLoadOlder,
  onRetry,
  onDiscard,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const previous = useRef<{ first: number | undefined; height: number; count: number }>({
    first: undefined,
    height: 0,
    count: 0,
  });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previous.current;
    const first = messages[0]?.id;
    if (
      before.first !== undefined &&
      first !== before.first &&
      messages.length > before.count &&
      element.scrollTop < 200
    ) {
      // Older messages were prepended: keep the same message under the reader's eyes.
      element.scrollTop += element.scrollHeight - before.height;
    } else {
      element.scrollTop = element.scrollHeight;
    }
    previous.current = { first, height: element.scrollHeight, count: messages.length };
  }, [messages, outgoing.length, typing]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      if (element.scrollTop < 120 && hasMore && !loadingOlder) onLoadOlder();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [hasMore, loadingOlder, onLoadOlder]);

  const lastSeenId = [...messages].reverse().find((m) => m.from === myId && m.read)?.id;
  const lastMine = [...messages].reverse().find((m) => m.from === myId)?.id;

  return (
    <div
      className="message-scroller"
      ref={scroller}
      data-testid="messages"
      aria-live="polite"
      aria-relevant="additions"
    >
      {hasMore && (
        <div className="older-messages">
          <button type="button" className="btn btn-link" onClick={onLoadOlder} disabled={loadingOlder}>
            {loadingOlder ? t('shell.loading') : t('chat.older_messages')}
          </button>
        </div>
      )}
      {canReply && messages.length === 0 && outgoing.length === 0 && (
        <p className="chat-empty">{t('chat.say_hello', { name: otherName })}</p>
      )}
      {messages.map((message, i) => {
        const mine = message.from === myId;
        return (
          // A fragment, not a wrapper: each row must be a direct item of the list's column to align left or right.
          <Fragment key={message.id}>
            {isNewDay(messages[i - 1]?.created_at, message.created_at) && (
              <div className="day-separator" role="separator">
                <span>{dayLabel(message.created_at, locale)}</span>
              </div>
            )}
            <div className={`bubble-row ${mine ? 'mine' : 'theirs'}`} data-testid="message">
              <MessageBody text={message.text} gif={message.gif} />
              <span className="bubble-meta">
                {messageTime(message.created_at, locale)}
                {mine && message.id === lastSeenId && <span data-testid="seen"> · {t('chat.seen')}</span>}
                {mine && message.id === lastMine && message.id !== lastSeenId && <span> · {t('chat.sent')}</span>}
              </span>
            </div>
          </Fragment>
        );
      })}
      {outgoing.map((message) => (
        <div key={message.localId} className={`bubble-row mine ${message.state}`} data-testid="outgoing">
          <MessageBody text={message.text} gif={message.gif} />
          {message.state === 'sending' ? (
            <span className="bubble-meta">{t('chat.sending')}</span>
          ) : (
            <span className="bubble-meta bubble-failed" role="alert">
              {t(message.error ?? 'errors.network')}{' '}
              {message.error === 'chat.insufficient_credits' ? (
                <a href={`/credits?return=${encodeURIComponent(window.location.pathname)}`}>{t('chat.buy_credits')}</a>
              ) : (
                <button type="button" className="btn btn-link" onClick={() => onRetry(message)}>
                  {t('common.retry')}
                </button>
              )}{' '}
              <button type="button" className="btn btn-link" onClick={() => onDiscard(message.localId)}>
                {t('chat.discard')}
              </button>
            </span>
          )}
        </div>
      ))}
      {typing && (
        <div className="bubble-row theirs" data-testid="typing">
          <p className="bubble typing-dots" aria-label={t('chat.typing', { name: otherName })}>
            <span />
            <span />
            <span />
          </p>
        </div>
      )}
    </div>
  );
}
