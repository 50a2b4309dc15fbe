import { useId, useState } from 'react';
import { callAdmin } from '~/client/admin-api';
import {
  adminBanMemberContract,
  adminSuspendMemberContract,
  adminUnbanMemberContract,
  adminWarnMemberContract,
} from '~/shared/contracts/admin/moderation';
import { TextField } from '../shell/TextField';
import { AdminConfirmAction } from './AdminConfirmAction';
import { formatDay } from './member-format';
import { moderationErrorText } from './report-format';
import { SuspendForm } from './SuspendForm';

interface Props {
  memberId: number;
  /** Set only while a suspension lasts. */
  suspendedUntil: string | null;
  banned: boolean;
  deleted: boolean;
  /** Called after a successful action (the caller loads the member again). */
  onChanged(): void;
}

/**
 * docs/product.md §13 Member actions outside a report (moderators, admins): suspend for N days,
 * ban (confirmed first), lift a ban or suspension, send a warning; the optional reason goes into
 * the audit log. A deleted account is offered only the lifting of a ban or suspension it still has.
 */
export default function MemberModerationActions({ memberId, suspendedUntil, banned, deleted, onChanged }: Props) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const body = () => ({ reason: reason.trim() || undefined });
  const params = { id: memberId };

  function done(text: string) {
    setNotice(text);
    setError(null);
    setReason('');
    onChanged();
  }

  async function suspend(days: number) {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await callAdmin(adminSuspendMemberContract, { params, body: { days, ...body() } });
      done(`Suspended until ${formatDay(answer.member.suspendedUntil ?? '')}. Their sessions have ended.`);
    } catch (caught) {
      setError(moderationErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  const restricted = banned || suspendedUntil !== null;
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Moderation</h2>
      <p className="muted">
        {banned
          ? 'Banned: cannot log in, profile hidden.'
          : suspendedUntil
            ? `Suspended until ${formatDay(suspendedUntil)}: cannot log in, profile hidden.`
            : deleted
              ? 'The account is deleted.'
              : 'No restriction.'}
      </p>
      <div role="status" aria-live="polite">
        {notice && <p className="admin-notice admin-notice-success">{notice}</p>}
      </div>
      {error && (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      )}
      <TextField
        label="Reason (optional, kept in the audit log)"
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="admin-member-actions">
        {restricted && (
          <AdminConfirmAction
            label={banned ? 'Lift the ban' : 'Lift the suspension'}
            question={
              deleted
                ? 'Lift it? The account stays deleted and its profile stays hidden.'
                : 'Lift it? The member can log in again and their profile shows in search again.'
            }
            confirmLabel={banned ? 'Lift the ban' : 'Lift the suspension'}
            run={async () => {
              await callAdmin(adminUnbanMemberContract, { params, body: body() });
              return banned ? 'The ban is lifted.' : 'The suspension is lifted.';
            }}
            onDone={done}
            errorText={moderationErrorText}
          />
        )}
        {!deleted && !banned && (
          <SuspendForm
            label={suspendedUntil ? 'New suspension, days from now' : 'Suspend for (days)'}
            busy={busy}
            onSuspend={(days) => void suspend(days)}
          />
        )}
        {!deleted && !banned && (
          <AdminConfirmAction
            label="Ban"
            question="Ban this member? They cannot log in, all their sessions end and their profile is hidden until someone lifts the ban."
            confirmLabel="Ban the member"
            danger
            run={async () => {
              await callAdmin(adminBanMemberContract, { params, body: body() });
              return 'The member is banned. Their sessions have ended.';
            }}
            onDone={done}
            errorText={moderationErrorText}
          />
        )}
        {!deleted && (
          <AdminConfirmAction
            label="Send a warning"
            question="Mail the member a warning (in their language) that their profile or messages broke the rules?"
            confirmLabel="Send the warning"
            run={async () => {
              await callAdmin(adminWarnMemberContract, { params, body: body() });
              return 'The warning is on its way.';
            }}
            onDone={done}
            errorText={moderationErrorText}
          />
        )}
      </div>
    </section>
  );
}
