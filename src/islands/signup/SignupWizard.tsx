import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { User } from '~/shared/contracts/profile';
import { $user } from '../../stores/session';
import { $signupStep, afterAccountCreated, startWizard } from '../../stores/signup';
import { useT } from '../shell/use-t';
import SignupForm from './SignupForm';
import { StepAbout } from './StepAbout';
import { StepActivation } from './StepActivation';
import { StepDone } from './StepDone';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import { StepLocation } from './StepLocation';
import { StepNotes } from './StepNotes';
import { StepPhoto } from './StepPhoto';
import { StepPush } from './StepPush';

interface Props {
  locale: Locale;
  initialUser: User | null;
  siteName: string;
  cdnPrefix: string;
  countries: { code: string; name: string }[];
  /** Where step 7 continues to (a same-site path; default the members area). */
  continueHref?: string;
}

/**
 * The signup wizard, steps 0–7 (docs/product.md §2), with a progress indicator. Steps after
 * 0 render in the browser only: they use browser APIs (push, geolocation, files).
 */
export default function SignupWizard({
  locale,
  initialUser,
  siteName,
  cdnPrefix,
  countries,
  continueHref = '/members',
}: Props) {
  const t = useT(locale);
  const step = useStore($signupStep);
  const storeUser = useStore($user);
  const [ready, setReady] = useState(false);
  const user = ready ? storeUser : initialUser;
  const current = ready ? step : initialUser ? Math.max(1, Math.min(6, initialUser.profile.lastSignupStep)) : 0;
  // Coming from the match finder, the signup says it is about to show the matches.
  const toMatches = continueHref.startsWith('/signup-matches');

  useEffect(() => {
    startWizard(initialUser);
    setReady(true);
  }, [initialUser]);

  return (
    <section className="wizard" aria-label={t('wizard.label')} data-step={current}>
      {current > 0 && (
        <ol className="wizard-progress" aria-label={t('wizard.progress', { step: current, total: 7 })}>
          {Array.from({ length: 7 }, (_, i) => (
            <li
              key={i}
              className={i + 1 <= current ? 'done' : ''}
              aria-current={i + 1 === current ? 'step' : undefined}
            />
          ))}
        </ol>
      )}
      {current === 0 && (
        <>
          <div className="auth-head">
            <h1>{t(toMatches ? 'signup.matches_title' : 'signup.title')}</h1>
            <p className="muted">
              {toMatches ? t('signup.matches_subtitle') : t('signup.subtitle', { site: siteName })}
            </p>
          </div>
          <SignupForm locale={locale} next="/members" onCreated={afterAccountCreated} />
        </>
      )}
      {current > 0 && !ready && <div className="card wizard-card skeleton wizard-placeholder" aria-busy="true" />}
      {current > 0 && ready && (
        <div className="card wizard-card">
          {current === 1 && <StepPush t={t} />}
          {current === 2 && <StepPhoto t={t} cdnPrefix={cdnPrefix} />}
          {current === 3 && <StepLocation t={t} user={user} countries={countries} />}
          {current === 4 && <StepAbout t={t} user={user} localeTag={LOCALE_TAGS[locale].tag} />}
          {current === 5 && <StepNotes t={t} user={user} />}
          {current === 6 && <StepActivation t={t} />}
          {current === 7 && <StepDone t={t} user={user} siteName={siteName} continueHref={continueHref} />}
        </div>
      )}
    </section>
  );
}
