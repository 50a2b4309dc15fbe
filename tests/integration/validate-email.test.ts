import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { validateEmailEndpoint } from '../../src/server/http/endpoints/validate-email';
import { isEmailCheckToken } from '../../src/server/signup/check-email';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';

const { ctx } = useTestContext();
const check = (email: string, packageName = 'amora') =>
  callApi(ctx(), validateEmailEndpoint, '/api/validate_email.php', { query: { email }, packageName });

describe('GET /api/validate_email.php (docs/product.md §4 statuses)', () => {
  it('answers new with a token that proves the check', async () => {
    const { status, json } = await check(' Anna@Example.com ');
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: 'new', email: 'anna@example.com', request_email: ' Anna@Example.com ' });
    expect(isEmailCheckToken(ctx().secret, 'amora', 'anna@example.com', json.token)).toBe(true);
    expect(isEmailCheckToken(ctx().secret, 'lovelane', 'anna@example.com', json.token)).toBe(false);
  });

  it('answers active, not_confirmed and deleted for existing accounts on the site', async () => {
    const active = await createMember(ctx(), { email: 'active@example.com', status: 'active' });
    await createMember(ctx(), { email: 'pending@example.com', status: 'not_confirmed' });
    await createMember(ctx(), { email: 'gone@example.com', status: 'deleted' });
    expect((await check('active@example.com')).json).toMatchObject({ status: 'active', token: null });
    expect((await check('pending@example.com')).json.status).toBe('not_confirmed');
    // A deleted account's address may sign up again (docs/product.md §10 Account deletion): it gets a token.
    expect((await check('gone@example.com')).json).toMatchObject({ status: 'deleted', token: expect.any(String) });
    // Another site does not know these accounts.
    expect((await check('active@example.com', 'flirtbox')).json.status).toBe('new');
    await ctx().db.update(users).set({ status: 'deleted' }).where(eq(users.id, active));
    expect((await check('active@example.com')).json.status).toBe('deleted');
  });

  it('answers invalid for what is not an address', async () => {
    for (const email of ['anna', 'anna@', 'anna@example', 'a b@example.com']) {
      expect((await check(email)).json).toMatchObject({ status: 'invalid', token: null });
    }
  });

  it('refuses a missing e-mail parameter and rate-limits', async () => {
    expect((await callApi(ctx(), validateEmailEndpoint, '/api/validate_email.php')).status).toBe(422);
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await check(`x${i}@example.com`)).status;
    expect(last).toBe(429);
  });
});
