import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { callAdmin, loggedInOperator, OPERATOR_PASSWORD } from '../helpers/operators';

const { ctx } = useTestContext();

describe('resetting an operator’s access (docs/product.md §13 Access)', () => {
  it('clears the password and authenticator, ends the sessions and answers a new setup link', async () => {
    const admin = await loggedInOperator(ctx(), 'admin');
    const moderator = await loggedInOperator(ctx(), 'moderator');

    const reset = await callAdmin(ctx(), `/admin/api/operators/${moderator.id}/reset-access`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(reset.status).toBe(200);
    expect(reset.json.setupUrl).toMatch(new RegExp(`^${ORIGIN}/admin/setup\\?token=[\\w-]{43}$`));

    // The moderator's open session ended, and the old password no longer logs in.
    expect((await callAdmin(ctx(), '/admin/api/me', { cookie: moderator.cookie })).json.error.code).toBe(
      'not_logged_in',
    );
    const oldLogin = await callAdmin(ctx(), '/admin/api/login', {
      method: 'POST',
      body: { email: moderator.email, password: OPERATOR_PASSWORD },
    });
    expect(oldLogin.status).toBe(401);

    // The new link sets a password, and the next log-in enrols a new authenticator.
    const token = new URL(reset.json.setupUrl).searchParams.get('token');
    const password = 'another-long-operator-password';
    expect((await callAdmin(ctx(), '/admin/api/setup', { method: 'POST', body: { token, password } })).status).toBe(
      200,
    );
    const login = await callAdmin(ctx(), '/admin/api/login', {
      method: 'POST',
      body: { email: moderator.email, password },
    });
    expect(login.status).toBe(200);
    expect(login.json.enrolment.secret).not.toBe(moderator.secret);

    const audit = await ctx().db.select().from(auditLog).where(eq(auditLog.action, 'operator.reset_access'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorId: admin.id, objectId: String(moderator.id) });
  });

  it('refuses an admin’s own account and answers 404 for an unknown operator', async () => {
    const admin = await loggedInOperator(ctx(), 'admin');
    const own = await callAdmin(ctx(), `/admin/api/operators/${admin.id}/reset-access`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(own.status).toBe(409);
    expect((await callAdmin(ctx(), '/admin/api/me', { cookie: admin.cookie })).status).toBe(200);
    const unknown = await callAdmin(ctx(), `/admin/api/operators/${admin.id + 100}/reset-access`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(unknown.status).toBe(404);
  });
});
