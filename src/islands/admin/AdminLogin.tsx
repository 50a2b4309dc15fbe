import { useState, type FormEvent } from 'react';
import { adminErrorText, callAdmin } from '~/client/admin-api';
import { adminLoginContract, adminSecondFactorContract } from '~/shared/contracts/admin/auth';
import { TextField } from '../shell/TextField';
import { useHydrated } from '../shell/use-hydrated-store';

type Enrolment = { secret: string; uri: string; qrSvg: string };
type Step =
  | { kind: 'password' }
  | { kind: 'code'; enrolment: Enrolment | null; recovery: boolean }
  | { kind: 'codes'; codes: string[] };

/**
 * The console log-in (docs/product.md §13 Access): e-mail and password, then the authenticator
 * code; at the first log-in the authenticator is enrolled from a QR code and the recovery codes
 * are shown once. `next` is where a finished log-in goes (a console path).
 */
export default function AdminLogin({ next }: { next: string }) {
  // A press before the island hydrated must not submit the password form natively (docs/architecture.md §6).
  const hydrated = useHydrated();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(adminErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void run(async () => {
      const answer = await callAdmin(adminLoginContract, {
        body: { email: String(form.get('email')), password: String(form.get('password')) },
      });
      setStep({ kind: 'code', enrolment: answer.enrolment, recovery: false });
    });
  }

  function submitCode(event: FormEvent<HTMLFormElement>, recovery: boolean) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('code')).trim();
    void run(async () => {
      const answer = await callAdmin(adminSecondFactorContract, {
        body: recovery ? { recoveryCode: value } : { code: value.replace(/\s/g, '') },
      });
      if (answer.recoveryCodes) setStep({ kind: 'codes', codes: answer.recoveryCodes });
      else window.location.assign(next);
    });
  }

  const alert = error && (
    <p className="alert alert-danger" role="alert">
      {error}
    </p>
  );

  if (step.kind === 'codes') {
    return (
      <section className="admin-panel" aria-labelledby="codes-title">
        <h1 id="codes-title">Save your recovery codes</h1>
        <p>
          Each code logs you in once if you lose your authenticator. They are shown only now: store them in your
          password manager.
        </p>
        <ul className="admin-codes" aria-label="Recovery codes">
          {step.codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary btn-block" onClick={() => window.location.assign(next)}>
          I have saved them, continue
        </button>
      </section>
    );
  }

  if (step.kind === 'code') {
    const { enrolment, recovery } = step;
    return (
      <section className="admin-panel" aria-labelledby="code-title">
        <h1 id="code-title">{enrolment ? 'Set up your authenticator' : 'Two-step verification'}</h1>
        {enrolment && (
          <>
            <p>
              Scan this code with an authenticator app (1Password, Google Authenticator, Authy…), then enter the 6-digit
              code it shows.
            </p>
            <div
              className="admin-qr"
              role="img"
              aria-label="QR code to add the console to an authenticator app"
              dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
            />
            <p className="field-hint">
              Can't scan? Enter this key:{' '}
              <span className="admin-mono" data-testid="totp-secret">
                {enrolment.secret}
              </span>
            </p>
          </>
        )}
        {alert}
        <form method="post" onSubmit={(event) => submitCode(event, recovery)} noValidate>
          {recovery ? (
            <TextField key="recovery" name="code" label="Recovery code" autoComplete="off" required />
          ) : (
            <TextField
              key="code"
              name="code"
              label="Code from your authenticator"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              required
            />
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {enrolment ? 'Confirm and log in' : 'Log in'}
          </button>
        </form>
        {!enrolment && (
          <button
            type="button"
            className="btn btn-ghost btn-block"
            onClick={() => setStep({ ...step, recovery: !recovery })}
          >
            {recovery ? 'Use the authenticator code' : 'Use a recovery code instead'}
          </button>
        )}
      </section>
    );
  }

  return (
    <section className="admin-panel" aria-labelledby="login-title">
      <h1 id="login-title">Console log-in</h1>
      <p className="muted">For the site's operators. Members log in on the site itself.</p>
      {alert}
      <form method="post" onSubmit={submitPassword} noValidate>
        <TextField name="email" type="email" label="E-mail address" autoComplete="username" required />
        <TextField name="password" type="password" label="Password" autoComplete="current-password" required />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !hydrated}>
          Continue
        </button>
      </form>
    </section>
  );
}
