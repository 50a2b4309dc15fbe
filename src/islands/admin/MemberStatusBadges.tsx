import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { formatDay } from './member-format';

interface Props {
  locale: ConsoleLocale;
  status: 'not_confirmed' | 'active' | 'deleted';
  /** Set only while the suspension lasts. */
  suspendedUntil: string | null;
  banned: boolean;
  isPremium?: boolean;
}

/** A member's account state as badges: confirmation, deletion, suspension, ban, premium. */
export function MemberStatusBadges({ locale, status, suspendedUntil, banned, isPremium = false }: Props) {
  const t = consoleT(locale);
  return (
    <span className="admin-member-badges">
      {status === 'active' && <span className="admin-badge admin-badge-muted">{t('member_state.active')}</span>}
      {status === 'not_confirmed' && (
        <span className="admin-badge admin-badge-muted">{t('member_state.not_confirmed')}</span>
      )}
      {status === 'deleted' && <span className="admin-badge admin-badge-danger">{t('member_state.deleted')}</span>}
      {banned && <span className="admin-badge admin-badge-danger">{t('member_state.banned')}</span>}
      {suspendedUntil && (
        <span className="admin-badge admin-badge-danger">
          {t('member_state.suspended_until', { day: formatDay(locale, suspendedUntil) })}
        </span>
      )}
      {isPremium && <span className="admin-badge">{t('member_state.premium')}</span>}
    </span>
  );
}
