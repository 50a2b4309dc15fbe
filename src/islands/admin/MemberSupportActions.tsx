import { callAdmin } from '~/client/admin-api';
import {
  adminPasswordResetContract,
  adminResendActivationContract,
  type MemberRecord,
} from '~/shared/contracts/admin/members';
import { AdminConfirmAction } from './AdminConfirmAction';
import { failureCode } from './member-format';

interface Props {
  record: MemberRecord;
  onDone: (notice: string) => void;
}

const mailErrorText = (error: unknown) => {
  if (failureCode(error) === 'rate_limited') return 'Too many of these mails lately. Wait a while and try again.';
  if (failureCode(error) === 'conflict') return 'Not sent: the account’s state has changed. Reload the record.';
  return null;
};

/**
 * docs/product.md §13 Members, support actions: the mails a member may need (activation for a
 * not yet confirmed account, the normal password-reset link). Shown to support roles only.
 */
export function MemberSupportActions({ record, onDone }: Props) {
  const { id, status, email } = record.account;
  if (status === 'deleted') return null;
  return (
    <section className="admin-panel" aria-labelledby="member-support-title">
      <h2 id="member-support-title">Support</h2>
      <p className="muted">Mails go to {email} in the member’s language, with links to their own site.</p>
      <div className="admin-member-actions">
        {status === 'not_confirmed' && (
          <AdminConfirmAction
            label="Resend activation mail"
            question="Send a new activation mail? Earlier links keep working until they expire."
            confirmLabel="Send activation mail"
            run={async () => {
              await callAdmin(adminResendActivationContract, { params: { id } });
              return 'Activation mail sent.';
            }}
            onDone={onDone}
            errorText={mailErrorText}
          />
        )}
        <AdminConfirmAction
          label="Send password-reset link"
          question="Mail the member a password-reset link? It works for 60 minutes and voids any earlier link."
          confirmLabel="Send reset link"
          run={async () => {
            await callAdmin(adminPasswordResetContract, { params: { id } });
            return 'Password-reset link sent to the member.';
          }}
          onDone={onDone}
          errorText={mailErrorText}
        />
      </div>
    </section>
  );
}
