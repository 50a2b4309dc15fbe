import { MAILPROVIDER_GMAIL } from '~/shared/constants';
import type { User } from '~/shared/contracts/profile';
import { MailIcon } from '../shell/icons';
import type { useT } from '../shell/use-t';

/** Step 7: check your mailbox (Gmail search link for Gmail users), change the address, continue (to `continueHref`, default the members area). */
export function StepDone({
  t,
  user,
  siteName,
  continueHref = '/members',
}: {
  t: ReturnType<typeof useT>;
  user: User | null;
  siteName: string;
  continueHref?: string;
}) {
  const gmailSearch = `https://mail.google.com/mail/u/0/#search/${encodeURIComponent(`"${siteName}" in:anywhere newer_than:1d`)}`;
  return (
    <div className="wizard-step" data-testid="step-7">
      <div className="wizard-icon" aria-hidden="true">
        <MailIcon />
      </div>
      <h1>{t('wizard.done_title')}</h1>
      <p>{t('wizard.done_text', { email: user?.email ?? '' })}</p>
      {user?.mailprovider === MAILPROVIDER_GMAIL && (
        <a className="btn btn-secondary btn-block" href={gmailSearch} target="_blank" rel="noopener noreferrer">
          {t('wizard.open_gmail')}
        </a>
      )}
      <a className="btn btn-primary btn-block" href={continueHref}>
        {t('wizard.to_members')}
      </a>
      <p className="muted wizard-small">
        {t('wizard.wrong_email')} <a href="/signup/change-email">{t('wizard.change_email')}</a>
      </p>
    </div>
  );
}
