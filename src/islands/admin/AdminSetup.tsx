import { useState, type FormEvent } from 'react';
import { adminErrorText, callAdmin } from '~/client/admin-api';
import { adminSetupContract } from '~/shared/contracts/admin/auth';
import { TextField } from '../shell/TextField';
import { useHydrated } from '../shell/use-hydrated-store';

/** The one-time setup link's page (docs/product.md §13 Access): the new operator chooses a password. */
export default function AdminSetup({ token }: { token: string }) {
  // A press before the island hydrated must not submit the password form natively (docs/architecture.md §6).
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    if (password.length < 12) return setError('Choose a password of at least 12 characters.');
    if (password !== String(form.get('repeat'))) return setError('The two passwords differ.');
    setBusy(true);
    setError(null);
    try {
      const answer = await callAdmin(adminSetupContract, { body: { token, password } });
      setDone(answer.email);
    } catch (caught) {
      setError(adminErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <section className="admin-panel" aria-labelledby="setup-title">
        <h1 id="setup-title">Password set</h1>
        <p>
          Log in as <strong>{done}</strong>. You will set up your authenticator app at this first log-in.
        </p>
        <a className="btn btn-primary btn-block" href="/admin/login">
          Go to the log-in
        </a>
      </section>
    );
  }
  return (
    <section className="admin-panel" aria-labelledby="setup-title">
      <h1 id="setup-title">Set up your console account</h1>
      <p className="muted">Choose a password of at least 12 characters. You will need an authenticator app next.</p>
      {error && (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      )}
      <form method="post" onSubmit={(event) => void submit(event)} noValidate>
        <TextField name="password" type="password" label="New password" autoComplete="new-password" required />
        <TextField name="repeat" type="password" label="Repeat the password" autoComplete="new-password" required />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !hydrated}>
          Set password
        </button>
      </form>
    </section>
  );
}
