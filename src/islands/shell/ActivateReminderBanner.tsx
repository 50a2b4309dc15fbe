import { useStore } from '@nanostores/react';
import type { Locale } from '~/shared/locales';
import { $activationResend, $activationResendError, resendActivation } from '../../stores/activation-resend';
import { ActivateReminder } from './ActivateReminder';
import '~/styles/account-password.css';

/**
 * The activate-reminder for a member whose address is not confirmed yet (docs/product.md §2),
 * shown above the page content; "send the link again" really sends a new activation mail.
 */
export default function ActivateReminderBanner({ locale, email }: { locale: Locale; email: string }) {
  const state = useStore($activationResend);
  const errorKey = useStore($activationResendError);
  return (
    <div className="activate-reminder-banner">
      <ActivateReminder
        locale={locale}
        email={email}
        state={state}
        errorKey={errorKey}
        onResend={() => void resendActivation()}
      />
    </div>
  );
}
