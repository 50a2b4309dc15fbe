import { useState, type FormEvent } from 'react';
import { adminErrorText, callAdmin } from '~/client/admin-api';
import {
  adminAddOperatorContract,
  adminOperatorsContract,
  adminResetOperatorAccessContract,
  adminUpdateOperatorContract,
} from '~/shared/contracts/admin/operators';
import { OPERATOR_ROLES, type OperatorRole } from '~/shared/contracts/admin/roles';
import { TextField } from '../shell/TextField';
import { AdminConfirmAction } from './AdminConfirmAction';
import { formatTime, useAdminLoad } from './use-admin-load';

/**
 * docs/product.md §13 Access: operator accounts (admins): add with a setup link, change role,
 * disable, reset a lost password or authenticator (a new setup link).
 */
export default function OperatorsPanel() {
  const load = useAdminLoad(() => callAdmin(adminOperatorsContract), 'operators');
  const [notice, setNotice] = useState<{ text: string; link?: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [role, setRole] = useState<OperatorRole>('moderator');

  async function act(action: () => Promise<{ text: string; link?: string }>) {
    setError(null);
    setNotice(null);
    try {
      setNotice(await action());
      load.reload();
    } catch (caught) {
      setError(adminErrorText(caught));
    }
  }

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email')).trim();
    void act(async () => {
      const added = await callAdmin(adminAddOperatorContract, { body: { email, role } });
      form.reset();
      return {
        text: `${email} added as ${role}. Send them this one-time setup link (valid until ${formatTime(added.setupExpiresAt)}):`,
        link: added.setupUrl,
      };
    });
  }

  return (
    <>
      <section className="admin-panel" aria-labelledby="operators-title">
        <h1 id="operators-title">Operators</h1>
        {notice && (
          <div className="admin-notice admin-notice-success" role="status">
            <p>{notice.text}</p>
            {notice.link && <p className="admin-mono">{notice.link}</p>}
          </div>
        )}
        {(error ?? load.error) && (
          <p className="alert alert-danger" role="alert">
            {error ?? load.error}
          </p>
        )}
        {!load.data && load.loading && <p className="admin-empty">Loading…</p>}
        {load.data && (
          <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Operator accounts">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">Last log-in</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {load.data.operators.map((operator) => (
                  <tr key={operator.id}>
                    <td>{operator.email}</td>
                    <td>
                      <label className="visually-hidden" htmlFor={`role-${operator.id}`}>
                        Role of {operator.email}
                      </label>
                      <select
                        id={`role-${operator.id}`}
                        className="select"
                        value={operator.role}
                        onChange={(event) =>
                          void act(async () => {
                            const next = event.target.value as OperatorRole;
                            await callAdmin(adminUpdateOperatorContract, {
                              params: { id: operator.id },
                              body: { role: next },
                            });
                            return { text: `${operator.email} is now ${next}.` };
                          })
                        }
                      >
                        {OPERATOR_ROLES.map((name) => (
                          <option key={name} value={name}>
                            {name}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      {operator.disabled ? (
                        <span className="admin-badge admin-badge-danger">disabled</span>
                      ) : operator.enrolled ? (
                        <span className="admin-badge">active</span>
                      ) : (
                        <span className="admin-badge admin-badge-muted">setup pending</span>
                      )}
                    </td>
                    <td>{operator.lastLoginAt ? formatTime(operator.lastLoginAt) : '—'}</td>
                    <td>
                      <div className="admin-actions">
                        <button
                          type="button"
                          className="btn btn-small btn-secondary"
                          onClick={() =>
                            void act(async () => {
                              await callAdmin(adminUpdateOperatorContract, {
                                params: { id: operator.id },
                                body: { disabled: !operator.disabled },
                              });
                              return { text: `${operator.email} ${operator.disabled ? 'enabled' : 'disabled'}.` };
                            })
                          }
                        >
                          {operator.disabled ? 'Enable' : 'Disable'}
                        </button>
                        <ResetAccess
                          operator={operator}
                          onDone={(next) => {
                            setError(null);
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
        <h2 id="add-operator-title">Add an operator</h2>
        <form className="admin-toolbar" onSubmit={add}>
          <TextField name="email" type="email" label="E-mail address" required />
          <div className="field">
            <label htmlFor="new-operator-role">Role</label>
            <select
              id="new-operator-role"
              className="select"
              value={role}
              onChange={(event) => setRole(event.target.value as OperatorRole)}
            >
              {OPERATOR_ROLES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary">
            Add and make a setup link
          </button>
        </form>
        <p className="field-hint">
          Moderator: reports, photos, member conduct. Support: members, credits, premium, mails. Finance: payments,
          refunds, revenue, affiliates. Admin: everything, including operators and the audit log.
        </p>
      </section>
    </>
  );
}

/** "Reset access" behind a confirmation; the notice carries the new one-time setup link. */
function ResetAccess({
  operator,
  onDone,
}: {
  operator: { id: number; email: string };
  onDone: (notice: { text: string; link: string }) => void;
}) {
  let link = '';
  return (
    <AdminConfirmAction
      label="Reset access"
      question={`Clear the password and authenticator of ${operator.email} and end their sessions? They set up again through a new link.`}
      confirmLabel="Reset access"
      danger
      run={async () => {
        const reset = await callAdmin(adminResetOperatorAccessContract, { params: { id: operator.id } });
        link = reset.setupUrl;
        return `Access of ${operator.email} reset. Send them this one-time setup link (valid until ${formatTime(reset.setupExpiresAt)}):`;
      }}
      onDone={(text) => onDone({ text, link })}
    />
  );
}
