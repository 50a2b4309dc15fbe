import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import type { ChatEntry } from '~/shared/contracts/chat';
import type { PublicProfile } from '~/shared/contracts/profile';
import type { Locale } from '~/shared/locales';
import { $chats, CHATS_IDLE, deleteChat, loadChats, primeChats, type ChatsState } from '../../stores/chats';
import { useHydratedStore } from '../shell/use-hydrated-store';
import {
  $conversation,
  closeConversation,
  discardOutgoing,
  loadOlderMessages,
  openConversation,
  openNewConversation,
  pingTyping,
  retryOutgoing,
  sendGif,
  sendText,
} from '../../stores/conversation';
import { openModal } from '../../stores/modal';
import { $user } from '../../stores/session';
import { MemberSafety } from '../members/MemberSafety';
import { useT } from '../shell/use-t';
import { ChatList } from './ChatList';
import { DeletedMemberAvatar } from './DeletedMemberAvatar';
import { Composer } from './Composer';
import { ComposerBalance, InlineCreditOffer, type ChatWallet } from './ComposerWallet';
import { MessageList } from './MessageList';
import { PRESENCE_KEYS } from '../members/presence-label';

interface Props {
  locale: Locale;
  cdnPrefix: string;
  myId: number;
  /**
   * The open conversation and the other member, or null on /chats. `memberDeleted`: they deleted
   * their account (docs/product.md §10) — "Deleted member", no photo, no profile link, no replies.
   * `id` is null on /members/:memberId/chat before the first message: the first send creates the
   * conversation (docs/product.md §7) and the address becomes /chats/:id.
   */
  open: { id: number | null; profile: PublicProfile; memberDeleted?: boolean } | null;
  /** The balance, message cost and credit packages for the composer (docs/product.md §11); absent on /chats. */
  wallet?: ChatWallet;
  /** The chat list as the server loaded it for the HTML; null when it could not (the island loads it). */
  initialChats?: ChatEntry[] | null;
}

/**
 * The chat screen (docs/product.md §2 /chats, /chats/:chatId; docs/product.md Visual direction: Chats): the list
 * and the conversation side by side on wide screens (plus the member's card
 * when very wide), one pane with back navigation on phones.
 */
export default function ChatPage({ locale, cdnPrefix, myId, open, wallet, initialChats = null }: Props) {
  const t = useT(locale);
  // The shell's polling may fill the list before this island hydrates: render the server's state first.
  const serverChats: ChatsState = initialChats ? { status: 'ready', chats: initialChats } : CHATS_IDLE;
  const chats = useHydratedStore($chats, serverChats);
  const conversation = useStore($conversation);
  // The open chat's conversation: the page's, or the one the first message created (docs/product.md §7).
  const conversationId =
    open?.id ?? (open && conversation.recipient === open.profile.id ? conversation.id : null) ?? null;
  // The balance follows `$user` (each send updates it) once hydrated; the server's values until then.
  const liveUser = useHydratedStore($user, null);
  const credits = liveUser?.credits ?? wallet?.credits ?? 0;
  const isPremium = liveUser?.is_premium ?? wallet?.isPremium ?? false;
  const [offerDismissed, setOfferDismissed] = useState(false);
  const [now, setNow] = useState<Date | null>(null);

  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    if (initialChats) primeChats(initialChats);
    else void loadChats();
    if (open?.id) void openConversation(open.id);
    else if (open) openNewConversation(open.profile.id);
    return () => {
      clearInterval(timer);
      closeConversation();
    };
    // The server's list is the page's first state only; later lists come from polling and events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // Once the first message created the conversation, the address is the conversation's (reload, share, back).
  useEffect(() => {
    if (open && open.id === null && conversationId !== null)
      window.history.replaceState(window.history.state, '', `/chats/${conversationId}`);
  }, [open, conversationId]);

  const onDelete = async (id: number) => {
    const deleted = await deleteChat(id);
    if (!deleted) {
      openModal({ kind: 'danger', title: t('chat.delete_error_title'), body: t('chat.delete_error_body') });
      return;
    }
    if (conversationId === id) window.location.assign('/chats');
  };
  const loadOlder = useCallback(() => void loadOlderMessages(), []);
  const retryOpen = () => {
    if (conversationId) void openConversation(conversationId);
  };
  // A send refused for want of credits offers the packages above the composer until dismissed; a new send may offer them again.
  const outOfCredits = conversation.outgoing.some(
    (message) => message.state === 'failed' && message.error === 'chat.insufficient_credits',
  );
  const offer = wallet?.offer ?? null;
  const showOffer = outOfCredits && !offerDismissed && offer !== null && offer.packages.length > 0;
  const returnPath = conversationId ? `/chats/${conversationId}` : open ? `/members/${open.profile.id}/chat` : '/chats';
  // The offer takes room from the message list: keep its newest messages (the failed one) in view.
  useLayoutEffect(() => {
    if (!showOffer) return;
    const scroller = document.querySelector('[data-testid="messages"]');
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [showOffer]);
  const dismissOffer = () => {
    setOfferDismissed(true);
    document.getElementById('composer-text')?.focus();
  };
  const typing = now !== null && conversation.typingUntil > now.getTime();
  const other = open?.profile;
  const isDeleted = open?.memberDeleted === true;
  const otherName = isDeleted ? t('chat.deleted_member') : (other?.name ?? '');
  const presence = other && !isDeleted ? other.presence : null;
  const avatar = other?.main_image && !isDeleted ? `${cdnPrefix}/${other.main_image.thumb_filename}` : null;

  return (
    <div className={`chat-screen${open ? ' has-open' : ''}`}>
      <section className="chat-pane-list" aria-labelledby="chats-title">
        <h1 id="chats-title">{t('chat.title')}</h1>
        {chats.status === 'error' && chats.chats.length === 0 ? (
          <div className="state-panel" role="alert">
            <p>{t('chat.list_error')}</p>
            <button type="button" className="btn btn-primary" onClick={() => void loadChats()}>
              {t('common.retry')}
            </button>
          </div>
        ) : chats.status !== 'ready' && chats.chats.length === 0 ? (
          <ul className="chat-list" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="chat-list-item skeleton chat-skeleton" />
            ))}
          </ul>
        ) : chats.chats.length === 0 ? (
          <div className="state-panel" data-testid="chats-empty">
            <h2>{t('chat.empty_title')}</h2>
            <p>{t('chat.empty_text')}</p>
            <a className="btn btn-primary" href="/members">
              {t('likes.browse_members')}
            </a>
          </div>
        ) : (
          <ChatList
            chats={chats.chats}
            activeId={conversationId}
            cdnPrefix={cdnPrefix}
            locale={locale}
            now={now}
            t={t}
            onDelete={(id) => void onDelete(id)}
          />
        )}
      </section>

      {open && other ? (
        <section className="chat-pane-conversation" aria-label={t('chat.conversation_with', { name: otherName })}>
          <header className="conversation-head">
            <a className="conversation-back" href="/chats" aria-label={t('chat.back')}>
              ←
            </a>
            {isDeleted ? (
              <DeletedMemberAvatar />
            ) : avatar ? (
              <img src={avatar} alt="" width={40} height={50} className="chat-avatar" />
            ) : (
              <span className="chat-avatar chat-avatar-initial">{other.name.slice(0, 1)}</span>
            )}
            <div>
              {isDeleted ? (
                <span className="conversation-name chat-deleted-name" data-testid="conversation-name">
                  {otherName}
                </span>
              ) : (
                <a className="conversation-name" href={`/members/${other.id}`} data-testid="conversation-name">
                  {other.name}
                  {other.age !== null && `, ${other.age}`}
                </a>
              )}
              <p
                className={`conversation-status${typing || presence === 'online' ? ' is-live' : ''}`}
                aria-live="polite"
              >
                {typing ? t('chat.typing', { name: other.name }) : presence ? t(PRESENCE_KEYS[presence]) : '\u00a0'}
              </p>
            </div>
          </header>
          {conversation.status === 'error' ? (
            <div className="state-panel" role="alert">
              <p>{t('chat.conversation_error')}</p>
              <button type="button" className="btn btn-primary" onClick={retryOpen}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <MessageList
              messages={conversation.messages}
              outgoing={conversation.outgoing}
              myId={myId}
              hasMore={conversation.hasMore}
              loadingOlder={conversation.loadingOlder}
              typing={typing}
              otherName={otherName}
              canReply={!isDeleted}
              locale={locale}
              t={t}
              onLoadOlder={loadOlder}
              onRetry={(message) => {
                setOfferDismissed(false);
                void retryOutgoing(message);
              }}
              onDiscard={discardOutgoing}
            />
          )}
          {isDeleted ? (
            <p className="chat-deleted-note" data-testid="member-deleted-note">
              {t('chat.member_deleted_cannot_reply')}
            </p>
          ) : (
            <>
              {showOffer && offer && (
                <InlineCreditOffer
                  t={t}
                  locale={locale}
                  offer={offer}
                  messageCost={wallet?.messageCost ?? 0}
                  returnPath={returnPath}
                  onDismiss={dismissOffer}
                />
              )}
              {wallet && (
                <ComposerBalance
                  t={t}
                  locale={locale}
                  credits={credits}
                  isPremium={isPremium}
                  messageCost={wallet.messageCost}
                  returnPath={returnPath}
                  canBuy={offer !== null}
                />
              )}
              <Composer
                t={t}
                locale={locale}
                disabled={conversation.status !== 'ready'}
                onSend={(text) => {
                  setOfferDismissed(false);
                  void sendText(text);
                }}
                onSendGif={(gif) => {
                  setOfferDismissed(false);
                  void sendGif(gif);
                }}
                onTyping={() => pingTyping(Date.now())}
              />
            </>
          )}
        </section>
      ) : (
        <section className="chat-pane-conversation chat-placeholder" aria-hidden="true">
          <p>{t('chat.pick_conversation')}</p>
        </section>
      )}

      {open && other && isDeleted && (
        <aside className="chat-pane-member" aria-label={t('member.facts')}>
          <DeletedMemberAvatar size="large" />
          <h2 className="chat-deleted-name">{otherName}</h2>
        </aside>
      )}
      {open && other && !isDeleted && (
        <aside className="chat-pane-member" aria-label={t('member.facts')}>
          {other.main_image && (
            <img src={`${cdnPrefix}/${other.main_image.thumb_filename}`} alt="" width={240} height={300} />
          )}
          <h2>
            {other.name}
            {other.age !== null && `, ${other.age}`}
          </h2>
          {other.city && <p className="muted">{other.city}</p>}
          {other.personal && <p className="chat-member-about">{other.personal}</p>}
          <a className="btn btn-secondary btn-block" href={`/members/${other.id}`}>
            {t('chat.view_profile')}
          </a>
          <MemberSafety profile={{ id: other.id, name: other.name }} conversation={conversationId ?? undefined} t={t} />
        </aside>
      )}
    </div>
  );
}
