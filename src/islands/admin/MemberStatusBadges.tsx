import { formatDay } from './member-format';

interface Props {
  status: 'not_confirmed' | 'active' | 'deleted';
  /** Set only while the suspension lasts. */
  suspendedUntil: string | null;
  banned: boolean;
  isPremium?: boolean;
}

/** A member's account state as badges: confirmation, deletion, suspension, ban, premium. */
export function MemberStatusBadges({ status, suspendedUntil, banned, isPremium = false }: Props) {
  return (
    <span className="admin-member-badges">
      {status === 'active' && <span className="admin-badge admin-badge-muted">Active</span>}
      {status === 'not_confirmed' && <span className="admin-badge admin-badge-muted">Not confirmed</span>}
      {status === 'deleted' && <span className="admin-badge admin-badge-danger">Deleted</span>}
      {banned && <span className="admin-badge admin-badge-danger">Banned</span>}
      {suspendedUntil && (
        <span className="admin-badge admin-badge-danger">Suspended until {formatDay(suspendedUntil)}</span>
      )}
      {isPremium && <span className="admin-badge">Premium</span>}
    </span>
  );
}
