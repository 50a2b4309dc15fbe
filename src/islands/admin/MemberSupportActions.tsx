import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { MemberRecord } from '~/shared/contracts/admin/members';
import { mailErrorText, resendActivation, sendPasswordReset } from '../../stores/admin/members';
import { AdminConfirmAction } from './AdminConfirmAction';

interface Props {
  locale: ConsoleLocale;
  record: MemberRecord;
  onDone: (notice: string) => void;
}

/**
 * docs/product.md §13 Members, support actions: the mails a member may need (activation for a
 * not yet confirmed account, the normal password-reset link). Shown to support roles only.
 */
export function MemberSupportActions({ locale, record, onDone }: Props) {
  const t = consoleT(locale);
  const { id, status, email } = record.account;
  if (status === 'deleted') return null;
  return (
    <section className="admin-panel" aria-labelledby="member-support-title">
      <h2 id="member-support-title">{t('support.title')}</h2>
      <p className="muted">{t('support.intro', { email })}</p>
      <div className="admin-member-actions">
        {status === 'not_confirmed' && (
          <AdminConfirmAction
            locale={locale}
            label={t('support.activation')}
            question={t('support.activation_question')}
            confirmLabel={t('support.activation_confirm')}
            run={async () => {
              await resendActivation(id);
              return t('support.activation_sent');
            }}
            onDone={onDone}
            errorText={mailErrorText}
          />
        )}
        <AdminConfirmAction
          locale={locale}
          label={t('support.reset')}
          question={t('support.reset_question')}
          confirmLabel={t('support.reset_confirm')}
          run={async () => {
            await sendPasswordReset(id);
            return t('support.reset_sent');
          }}
          onDone={onDone}
          errorText={mailErrorText}
        />
      </div>
    </section>
  );
}
