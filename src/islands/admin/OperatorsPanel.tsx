import { useState, type FormEvent } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { OPERATOR_ROLES, type OperatorRole } from '~/shared/contracts/admin/roles';
import {
  addOperator,
  fetchOperators,
  resetOperatorAccess,
  setOperatorDisabled,
  setOperatorRole,
} from '../../stores/admin/operators';
import { TextField } from '../shell/TextField';
import { AdminConfirmAction } from './AdminConfirmAction';
import { ErrorAlert } from './AdminLoadState';
import { formatTime, useAdminAction, useAdminLoad } from './use-admin-load';

type Notice = { text: string; link?: string };

/**
 * docs/product.md §13 Access: operator accounts (admins): add with a setup link, change role,
 * disable, reset a lost password or authenticator (a new setup link).
 */
export default function OperatorsPanel({ locale }: { locale: ConsoleLocale }) {
  const t = consoleT(locale);
  const load = useAdminLoad(fetchOperators, 'operators');
  const action = useAdminAction();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [role, setRole] = useState<OperatorRole>('moderator');
  const roleName = (name: OperatorRole) => t(`roles.${name}`);

  async function act(run: () => Promise<Notice>) {
    setNotice(null);
    const done = await action.run(run);
    if (done === null) return;
    setNotice(done);
    load.reload();
  }

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email')).trim();
    void act(async () => {
      const added = await addOperator(email, role);
      form.reset();
      return {
        text: t('operators.added', { email, role: roleName(role), until: formatTime(locale, added.setupExpiresAt) }),
        link: added.setupUrl,
      };
    });
  }

  return (
    <>
      <section className="admin-panel" aria-labelledby="operators-title">
        <h1 id="operators-title">{t('operators.title')}</h1>
        {notice && (
          <div className="admin-notice admin-notice-success" role="status">
            <p>{notice.text}</p>
            {notice.link && <p className="admin-mono">{notice.link}</p>}
          </div>
        )}
        <ErrorAlert locale={locale} error={action.error ?? load.error} />
        {!load.data && load.loading && <p className="admin-empty">{t('common.loading')}</p>}
        {load.data && (
          <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={t('operators.accounts')}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('operators.email')}</th>
                  <th scope="col">{t('operators.role')}</th>
                  <th scope="col">{t('operators.status')}</th>
                  <th scope="col">{t('operators.last_login')}</th>
                  <th scope="col">{t('operators.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {load.data.operators.map((operator) => (
                  <tr key={operator.id}>
                    <td>{operator.email}</td>
                    <td>
                      <label className="visually-hidden" htmlFor={`role-${operator.id}`}>
                        {t('operators.role_of', { email: operator.email })}
                      </label>
                      <select
                        id={`role-${operator.id}`}
                        className="select"
                        value={operator.role}
                        onChange={(event) =>
                          void act(async () => {
                            const next = event.target.value as OperatorRole;
                            await setOperatorRole(operator.id, next);
                            return { text: t('operators.now_role', { email: operator.email, role: roleName(next) }) };
                          })
                        }
                      >
                        {OPERATOR_ROLES.map((name) => (
                          <option key={name} value={name}>
                            {roleName(name)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      {operator.disabled ? (
                        <span className="admin-badge admin-badge-danger">{t('operators.disabled')}</span>
                      ) : operator.enrolled ? (
                        <span className="admin-badge">{t('operators.active')}</span>
                      ) : (
                        <span className="admin-badge admin-badge-muted">{t('operators.setup_pending')}</span>
                      )}
                    </td>
                    <td>{operator.lastLoginAt ? formatTime(locale, operator.lastLoginAt) : '—'}</td>
                    <td>
                      <div className="admin-actions">
                        <button
                          type="button"
                          className="btn btn-small btn-secondary"
                          onClick={() =>
                            void act(async () => {
                              await setOperatorDisabled(operator.id, !operator.disabled);
                              return {
                                text: t(operator.disabled ? 'operators.was_enabled' : 'operators.was_disabled', {
                                  email: operator.email,
                                }),
                              };
                            })
                          }
                        >
                          {operator.disabled ? t('operators.enable') : t('operators.disable')}
                        </button>
                        <ResetAccess
                          locale={locale}
                          operator={operator}
                          onDone={(next) => {
                            action.reset();
                            setNotice(next);
                            load.reload();
                          }}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="admin-panel" aria-labelledby="add-operator-title">
        <h2 id="add-operator-title">{t('operators.add_title')}</h2>
        <form className="admin-toolbar" onSubmit={add}>
          <TextField name="email" type="email" label={t('login.email')} required />
          <div className="field">
            <label htmlFor="new-operator-role">{t('operators.role')}</label>
            <select
              id="new-operator-role"
              className="select"
              value={role}
              onChange={(event) => setRole(event.target.value as OperatorRole)}
            >
              {OPERATOR_ROLES.map((name) => (
                <option key={name} value={name}>
                  {roleName(name)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary">
            {t('operators.add')}
          </button>
        </form>
        <p className="field-hint">{t('operators.roles_hint')}</p>
      </section>
    </>
  );
}

/** "Reset access" behind a confirmation; the notice carries the new one-time setup link. */
function ResetAccess({
  locale,
  operator,
  onDone,
}: {
  locale: ConsoleLocale;
  operator: { id: number; email: string };
  onDone: (notice: { text: string; link: string }) => void;
}) {
  const t = consoleT(locale);
  let link = '';
  return (
    <AdminConfirmAction
      locale={locale}
      label={t('operators.reset')}
      question={t('operators.reset_question', { email: operator.email })}
      confirmLabel={t('operators.reset')}
      danger
      run={async () => {
        const reset = await resetOperatorAccess(operator.id);
        link = reset.setupUrl;
        return t('operators.reset_done', { email: operator.email, until: formatTime(locale, reset.setupExpiresAt) });
      }}
      onDone={(text) => onDone({ text, link })}
    />
  );
}
