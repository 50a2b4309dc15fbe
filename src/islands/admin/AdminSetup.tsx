import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { createSetupStore } from '../../stores/admin/auth';
import { TextField } from '../shell/TextField';
import { useHydrated } from '../shell/use-hydrated-store';
import { ErrorAlert } from './AdminLoadState';

/** The one-time setup link's page (docs/product.md §13 Access): the new operator chooses a password. */
export default function AdminSetup({ locale, token }: { locale: ConsoleLocale; token: string }) {
  const t = consoleT(locale);
  // A press before the island hydrated must not submit the password form natively (docs/architecture.md §6).
  const hydrated = useHydrated();
  const [store] = useState(() => createSetupStore(token));
  const done = useStore(store.$done);
  const { busy, error } = useStore(store.action.$state);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void store.submit(String(form.get('password')), String(form.get('repeat')));
  }

  if (done) {
    return (
      <section className="admin-panel" aria-labelledby="setup-title">
        <h1 id="setup-title">{t('setup.done_title')}</h1>
        <p>
          {t('setup.done_before')} <strong>{done}</strong>. {t('setup.done_after')}
        </p>
        <a className="btn btn-primary btn-block" href="/admin/login">
          {t('setup.to_login')}
        </a>
      </section>
    );
  }
  return (
    <section className="admin-panel" aria-labelledby="setup-title">
      <h1 id="setup-title">{t('setup.title')}</h1>
      <p className="muted">{t('setup.intro')}</p>
      <ErrorAlert locale={locale} error={error} />
      <form method="post" onSubmit={submit} noValidate>
        <TextField name="password" type="password" label={t('setup.password')} autoComplete="new-password" required />
        <TextField name="repeat" type="password" label={t('setup.repeat')} autoComplete="new-password" required />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !hydrated}>
          {t('setup.submit')}
        </button>
      </form>
    </section>
  );
}
