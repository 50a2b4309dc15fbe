import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditLedger, users } from '../../src/server/db/schema';
import { devEndpoint } from '../../src/server/http/endpoints/dev';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { callApi, sessionCookieFrom } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember, MEMBER_PASSWORD } from '../helpers/factories';

const { ctx } = useTestContext({ NODE_ENV: 'development' });

describe('POST /api/dev.php (development only)', () => {
  it('sets the credits to zero with a ledger row', async () => {
    const id = await createMember(ctx(), { email: 'dev@example.com' });
    await ctx().db.update(users).set({ credits: 120 }).where(eq(users.id, id));
    const login = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      body: { email: 'dev@example.com', password: MEMBER_PASSWORD },
    });
    const result = await callApi(ctx(), devEndpoint, '/api/dev.php', {
      method: 'POST',
      body: { action: 'zero_credits' },
      cookie: sessionCookieFrom(login.cookies),
    });
    expect(result.json).toEqual({ done: true, credits: 0 });
    const [user] = await ctx().db.select().from(users).where(eq(users.id, id));
    expect(user!.credits).toBe(0);
    expect(await ctx().db.select().from(creditLedger)).toEqual([
      expect.objectContaining({ userId: id, delta: -120, reason: 'dev_reset' }),
    ]);
  });

  it('is absent outside development', async () => {
    const production = { ...ctx(), config: { ...ctx().config, nodeEnv: 'production' as const } };
    const result = await callApi(production, devEndpoint, '/api/dev.php', {
      method: 'POST',
      body: { action: 'zero_credits' },
    });
    expect(result.status).toBe(404);
  });
});
