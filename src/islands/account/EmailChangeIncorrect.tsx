import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '~/shared/locales';
import { $emailChangeUndo, checkUndoLink, undoEmailChange } from '../../stores/email-change';
import { useT } from '../shell/use-t';
import '~/styles/account.css';
import '~/styles/account-email.css';

/** The undo token of the link mailed to the old address (`?undo=…`), read once in the browser. */
function undoTokenOfPage(): string | null {
  return new URLSearchParams(window.location.search).get('undo');
}

/**
 * /notifications#email-change-incorrect (docs/product.md §10 E-mail change "this was not me"):
 * with the undo link of the mail to the old address (no login needed), a button puts the old
 * address back and ends every session, then recommends a new password; without a link it tells
 * a member what to do. A used or expired link gets a friendly message.
 */
export default function EmailChangeIncorrect({ locale }: { locale: Locale }) {
  const t = useT(locale);
  const state = useStore($emailChangeUndo);
  // undefined until the browser has read the URL: the server-rendered part shows neither variant.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const found = undoTokenOfPage();
    setToken(found);
    if (found) void checkUndoLink(found);
  }, []);
  useEffect(() => {
    if (state.step !== 'done') return;
    // The link is used up: a reload should not offer it again.
    const url = new URL(window.location.href);
    url.searchParams.delete('undo');
    window.history.replaceState(null, '', url);
    heading.current?.focus();
  }, [state.step]);

  return (
    <section
      id="email-change-incorrect"
      className="card account-section account-email-undo"
      aria-labelledby="email-change-incorrect-title"
      data-testid="email-change-incorrect"
    >
      <h2 id="email-change-incorrect-title" ref={heading} tabIndex={-1}>
        {state.step === 'done' ? t('email_change.undo_done_title') : t('email_change.undo_title')}
      </h2>
      {state.error && (
        <div className="alert alert-danger" role="alert">
          {t(state.error)}
        </div>
      )}

      {state.step !== 'done' && <p>{t('email_change.undo_intro')}</p>}

      {token === null && (
        <>
          <p>{t('email_change.undo_no_link')}</p>
          <div className="account-actions">
            <a className="btn btn-secondary" href="/profile#email">
              {t('email_change.undo_to_profile')}
            </a>
            <a className="btn btn-ghost" href="/complaints">
              {t('email_change.undo_support')}
            </a>
          </div>
        </>
      )}

      {token && state.step === 'checking' && <p className="muted">{t('email_change.undo_checking')}</p>}

      {token && state.step === 'ready' && (
        <>
          <p>
            {t('email_change.undo_restore_text')} <strong data-testid="undo-email">{state.email}</strong>
          </p>
          <p className="muted">{t('email_change.undo_sessions_text')}</p>
          <div className="account-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={state.busy}
              onClick={() => void undoEmailChange(token)}
            >
              {state.busy ? t('email_change.undo_busy') : t('email_change.undo_button')}
            </button>
          </div>
        </>
      )}

      {state.step === 'done' && (
        <div role="status" data-testid="undo-done">
          <p>
            {t('email_change.undo_done_text')} <strong>{state.email}</strong>
          </p>
          <p>{t('email_change.undo_done_password')}</p>
          <div className="account-actions">
            <a className="btn btn-primary" href="/reset-password">
              {t('email_change.undo_reset_password')}
            </a>
            <a className="btn btn-ghost" href="/login">
              {t('email_change.undo_log_in')}
            </a>
          </div>
        </div>
      )}

      {(state.step === 'invalid' || state.step === 'expired') && (
        <div data-testid="undo-link-failed">
          <p className="account-email-notice">
            {state.step === 'expired' ? t('email_change.undo_expired') : t('email_change.undo_invalid')}
          </p>
          <p>{t('email_change.undo_link_failed_help')}</p>
          <div className="account-actions">
            <a className="btn btn-secondary" href="/reset-password">
              {t('email_change.undo_reset_password')}
            </a>
            <a className="btn btn-ghost" href="/complaints">
              {t('email_change.undo_support')}
            </a>
          </div>
        </div>
      )}
    </section>
  );
}
