import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '~/shared/locales';
import { $accountSessions, loadSessions, logOutOtherSessions, logOutSession } from '../../stores/account-sessions';
import { useT } from '../shell/use-t';
import { dateTimeLabel, deviceLabel, placeLabel } from './session-labels';
import '~/styles/account.css';
import '~/styles/account-sessions.css';

/**
 * /profile "Where you are logged in" (docs/product.md §10 Sessions): the member's live sessions
 * with device, approximate place and times, this device marked; "log out there" per other
 * session and "log out everywhere else".
 */
export default function SessionsSection({ locale }: { locale: Locale }) {
  const t = useT(locale);
  const state = useStore($accountSessions);
  useEffect(() => {
    void loadSessions();
  }, []);
  const others = state.sessions.filter((session) => !session.current).length;

  return (
    <section className="card account-section" aria-labelledby="account-sessions-title" data-testid="sessions-section">
      <h2 id="account-sessions-title">{t('sessions.title')}</h2>
      <p className="muted">{t('sessions.intro')}</p>
      <div aria-live="polite">
        {state.done?.kind === 'ended' && <p className="alert sessions-done">{t('sessions.ended')}</p>}
        {state.done?.kind === 'ended_others' && (
          <p className="alert sessions-done">{t('sessions.ended_others', { count: state.done.count })}</p>
        )}
      </div>
      {state.error && (
        <div className="alert alert-danger" role="alert">
          {t(state.error)}
        </div>
      )}
      {(state.status === 'idle' || state.status === 'loading') && <p className="muted">{t('sessions.loading')}</p>}
      {state.status === 'error' && (
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void loadSessions()}>
          {t('sessions.retry')}
        </button>
      )}
      {state.sessions.length > 0 && (
        <ul className="sessions-list">
          {state.sessions.map((session) => {
            const device = deviceLabel(session, t);
            return (
              <li key={session.handle} className="sessions-item" data-current={session.current || undefined}>
                <div className="sessions-head">
                  <strong className="sessions-device" id={`session-device-${session.handle}`}>
                    {device}
                  </strong>
                  {session.current && <span className="sessions-this">{t('sessions.this_device')}</span>}
                </div>
                <p className="sessions-meta">{placeLabel(session.country, locale, t)}</p>
                <p className="sessions-meta muted">
                  {t('sessions.started', { date: dateTimeLabel(session.startedAt, locale) })}
                  <br />
                  {t('sessions.last_active', { date: dateTimeLabel(session.lastActiveAt, locale) })}
                </p>
                {!session.current && (
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    aria-describedby={`session-device-${session.handle}`}
                    disabled={state.busy !== null}
                    onClick={() => void logOutSession(session.handle)}
                  >
                    {t('sessions.log_out_there')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {state.status === 'ready' &&
        (others > 0 ? (
          <div className="account-actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={state.busy !== null}
              onClick={() => void logOutOtherSessions()}
            >
              {t('sessions.log_out_others')}
            </button>
          </div>
        ) : (
          <p className="muted sessions-only">{t('sessions.only_this')}</p>
        ))}
    </section>
  );
}
