import type { TFunction } from 'i18next';
import type { ChatEntry } from '~/shared/contracts/chat';
import { chatListTime } from './chat-time';
import { DeletedMemberAvatar } from './DeletedMemberAvatar';

interface Props {
  chats: ChatEntry[];
  activeId: number | null;
  cdnPrefix: string;
  locale: string;
  /**
   * The browser's clock, null until the island has hydrated: the times are then left out, because
   * the server (which renders the list into the page) formats them in its own time zone, and the
   * browser's first render must match its HTML.
   */
  now: Date | null;
  t: TFunction;
  onDelete: (conversation: number) => void;
}

/**
 * The conversations, newest first: avatar, name, last message, time, unread badge, delete. A
 * member who deleted their account shows as "Deleted member" with a placeholder (docs/product.md §10).
 */
export function ChatList({ chats, activeId, cdnPrefix, locale, now, t, onDelete }: Props) {
  return (
    <ul className="chat-list" aria-label={t('chat.list_label')}>
      {chats.map((chat) => {
        // docs/product.md §10: a member who deleted their account has no name or photo here.
        const name = chat.member_deleted ? t('chat.deleted_member') : chat.profile.name;
        const avatar =
          !chat.member_deleted && chat.profile.main_image
            ? `${cdnPrefix}/${chat.profile.main_image.thumb_filename}`
            : null;
        const preview = chat.last_message
          ? `${chat.last_message.from_me ? `${t('chat.you')}: ` : ''}${chat.last_message.gif ? 'GIF' : (chat.last_message.text ?? '')}`
          : t('chat.no_messages_yet');
        return (
          <li
            key={chat.conversation}
            className="chat-list-item"
            data-testid="chat-item"
            data-conversation={chat.conversation}
          >
            <a
              href={`/chats/${chat.conversation}`}
              aria-current={chat.conversation === activeId ? 'page' : undefined}
              className="chat-list-link"
            >
              {chat.member_deleted ? (
                <DeletedMemberAvatar />
              ) : avatar ? (
                <img src={avatar} alt="" width={48} height={60} className="chat-avatar" />
              ) : (
                <span className="chat-avatar chat-avatar-initial">{name.slice(0, 1)}</span>
              )}
              <span className="chat-list-text">
                <span
                  className={`chat-list-name${chat.member_deleted ? ' chat-deleted-name' : ''}`}
                  data-testid="chat-name"
                >
                  {name}
                </span>
                <span className={`chat-list-preview${chat.num_unread_messages > 0 ? ' is-unread' : ''}`}>
                  {preview}
                </span>
              </span>
              <span className="chat-list-meta">
                <time dateTime={chat.updated_at}>{now ? chatListTime(chat.updated_at, now, locale) : null}</time>
                {chat.num_unread_messages > 0 && (
                  <span
                    className="nav-badge"
                    data-testid="chat-unread"
                    aria-label={t('nav.unread', { count: chat.num_unread_messages })}
                  >
                    {chat.num_unread_messages}
                  </span>
                )}
              </span>
            </a>
            <button
              type="button"
              className="chat-delete"
              aria-label={t('chat.delete', { name })}
              title={t('chat.delete', { name })}
              onClick={() => onDelete(chat.conversation)}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
