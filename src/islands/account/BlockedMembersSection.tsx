import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { BlockedMember } from '~/shared/contracts/safety';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import { $blockedMembers, loadBlockedMembers, unblockFromList } from '../../stores/blocked-members';
import { UnblockDialog } from '../members/UnblockDialog';
import { useT } from '../shell/use-t';
import '~/styles/account.css';
import '~/styles/account-blocked.css';

/** A day in the locale ("21 Nov 2026"). */
function dayLabel(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale].tag, { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * /profile "Blocked members" (docs/product.md §10 Blocked members): everyone the member blocked,
 * by initial and name only (a blocked pair sees no photos of each other, §6), when, and Unblock
 * after a confirmation. Loading, empty and error states have their own lines.
 */
export default function BlockedMembersSection({ locale }: { locale: Locale }) {
  const t = useT(locale);
  const state = useStore($blockedMembers);
  const dialog = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<BlockedMember | null>(null);
  useEffect(() => {
    void loadBlockedMembers();
  }, []);
  useEffect(() => {
    if (chosen) dialog.current?.showModal();
  }, [chosen]);

  const confirm = async () => {
    if (chosen && (await unblockFromList(chosen))) dialog.current?.close();
  };

  return (
    <section className="card account-section" aria-labelledby="account-blocked-title" data-testid="blocked-section">
      <h2 id="account-blocked-title">{t('blocked_members.title')}</h2>
      <p className="muted">{t('blocked_members.intro')}</p>
      <div aria-live="polite">
        {state.unblocked && (
          <p className="alert blocked-done">{t('safety.unblocked_toast', { name: state.unblocked })}</p>
        )}
      </div>
      {state.error && !chosen && (
        <div className="alert alert-danger" role="alert">
          {t(state.error)}
        </div>
      )}
      {(state.status === 'idle' || state.status === 'loading') && (
        <p className="muted">{t('blocked_members.loading')}</p>
      )}
      {state.status === 'error' && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void loadBlockedMembers()}>
          {t('blocked_members.retry')}
        </button>
      )}
      {state.status === 'ready' && state.members.length === 0 && (
        <p className="muted blocked-empty">{t('blocked_members.empty')}</p>
      )}
      {state.members.length > 0 && (
        <ul className="blocked-list">
          {state.members.map((member) => (
            <li key={member.id} className="blocked-item">
              <span className="blocked-initial" aria-hidden="true">
                {member.name.trim().charAt(0).toUpperCase() || '?'}
              </span>
              <div className="blocked-text">
                <a className="blocked-name" id={`blocked-name-${member.id}`} href={`/members/${member.id}`}>
                  {member.name}
                </a>
                <span className="blocked-meta muted">
                  {t('blocked_members.blocked_on', { date: dayLabel(member.blocked_at, locale) })}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                aria-describedby={`blocked-name-${member.id}`}
                disabled={state.busy !== null}
                onClick={() => setChosen(member)}
              >
                {t('blocked_members.unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <UnblockDialog
          dialog={dialog}
          member={chosen}
          t={t}
          busy={state.busy !== null}
          error={state.error}
          onConfirm={() => void confirm()}
          onClose={() => setChosen(null)}
        />
      )}
    </section>
  );
}
