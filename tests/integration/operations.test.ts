import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract, noParams } from '../../src/shared/contracts/define';
import { fail, ok } from '../../src/shared/errors';
import { rateLimited } from '../../src/server/platform/rate-limit/rate-limit';
import { defineOperation, type Operation } from '../../src/server/http/api';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();

const whoContract = defineContract({
  method: 'GET',
  path: '/api/who.php',
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: z.object({ userId: z.number() }),
  errors: ['not_logged_in'],
});
const openContract = defineContract({
  method: 'POST',
  path: '/api/who.php',
  auth: 'visitor',
  query: noParams,
  body: z.strictObject({ wait: z.number() }),
  response: z.object({ member: z.boolean() }),
  errors: ['rate_limited', 'not_found'],
});

/** The operation pipeline: auth level, availability and failures typed by the contract (docs/architecture.md, Operations). */
describe('operations', () => {
  let handled = 0;
  const operations: Operation[] = [
    defineOperation(whoContract, async (_input, req) => {
      handled += 1;
      return ok({ userId: req.session.userId });
    }),
    defineOperation(openContract, async ({ body }, req) =>
      body.wait > 0 ? rateLimited(body.wait) : body.wait < 0 ? fail('not_found') : ok({ member: req.session !== null }),
    ),
  ];
  const who = (cookie?: string) => callApi(ctx(), operations, '/api/who.php', { cookie });
  const open = (wait: number, cookie?: string) =>
    callApi(ctx(), operations, '/api/who.php', { method: 'POST', body: { wait }, cookie });

  it('answers not_logged_in for a member operation without a session, before the handler runs', async () => {
    handled = 0;
    const answer = await who();
    expect(answer.status).toBe(403);
    expect(answer.json.error).toEqual({ code: 'not_logged_in', message: 'errors.not_logged_in' });
    expect(handled).toBe(0);
  });

  it('gives a member operation the session of the logged-in member', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    expect((await who(anna.cookie)).json).toEqual({ userId: anna.id });
  });

  it('lets visitors and members call a visitor operation', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    expect((await open(0)).json).toEqual({ member: false });
    expect((await open(0, anna.cookie)).json).toEqual({ member: true });
  });

  it('maps a declared failure to its status, a rate limit with Retry-After', async () => {
    const limited = await open(42);
    expect(limited.status).toBe(429);
    expect(limited.response.headers.get('retry-after')).toBe('42');
    expect((await open(-1)).status).toBe(404);
  });

  it('answers 404 for an operation not available on this server, before checking the session', async () => {
    const devOnly = [
      defineOperation(whoContract, async (_input, req) => ok({ userId: req.session.userId }), {
        available: () => false,
      }),
    ];
    const answer = await callApi(ctx(), devOnly, '/api/who.php');
    expect(answer.status).toBe(404);
  });
});
