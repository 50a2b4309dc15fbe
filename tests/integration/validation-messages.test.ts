import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { searchEndpoint } from '../../src/server/http/endpoints/search';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { signupBody } from '../corpus/bad-input';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { callAdmin, loggedInOperator } from '../helpers/operators';

const { ctx } = useTestContext();

/** Whether en.json (and so every locale: npm run check:locales) has `key`, plural forms included. */
function hasKey(key: string): boolean {
  const [group, ...rest] = key.split('.');
  const node = (en as Record<string, Record<string, unknown>>)[group!];
  const name = rest.join('.');
  return node !== undefined && (name in node || `${name}_one` in node);
}

type Issues = { path: string; message: string }[];

/** The answer's issues, each message a translated key (never zod's English). */
function keyedIssues(answer: { status: number; json: { error: { issues?: Issues } } }): Issues {
  expect(answer.status).toBe(422);
  const issues = answer.json.error.issues ?? [];
  expect(issues.length).toBeGreaterThan(0);
  for (const issue of issues) expect(hasKey(issue.message), JSON.stringify(issue)).toBe(true);
  return issues;
}

describe('API issues carry message keys (docs/architecture.md §6 convention 4)', () => {
  it('member API: wrong types, formats and missing fields name the field with a key', async () => {
    const login = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      body: { email: 'a@example.com', password: 42 },
    });
    expect(keyedIssues(login)).toEqual([{ path: 'password', message: 'validation.invalid_type' }]);

    const signup = await callApi(ctx(), userEndpoint, '/api/user.php', {
      method: 'POST',
      query: { new: 1 },
      body: signupBody({ timezone: 7, trafficsource: ['x'] }),
    });
    expect(keyedIssues(signup)).toEqual(
      expect.arrayContaining([
        { path: 'timezone', message: expect.stringMatching(/^validation\./) },
        { path: 'trafficsource', message: expect.stringMatching(/^validation\./) },
      ]),
    );

    const search = await callApi(ctx(), searchEndpoint, '/api/search.php', { query: { pp: 500, gender: 'robot' } });
    expect(keyedIssues(search)).toEqual(
      expect.arrayContaining([
        { path: 'pp', message: 'validation.too_big' },
        { path: 'gender', message: 'validation.not_allowed' },
      ]),
    );
  });

  it('operator API: the console’s own checks answer keys too', async () => {
    const finance = await loggedInOperator(ctx(), 'finance');
    const reversed = await callAdmin(ctx(), '/admin/api/payments/revenue', {
      cookie: finance.cookie,
      query: { from: '2026-11-10', to: '2026-11-01' },
    });
    expect(keyedIssues(reversed)).toEqual([{ path: 'to', message: 'validation.period_reversed' }]);
    const long = await callAdmin(ctx(), '/admin/api/payments/revenue', {
      cookie: finance.cookie,
      query: { from: '2024-01-01', to: '2026-01-01' },
    });
    expect(keyedIssues(long)).toEqual([{ path: 'to', message: 'validation.period_too_long' }]);
    const badDay = await callAdmin(ctx(), '/admin/api/payments/revenue', {
      cookie: finance.cookie,
      query: { from: 'yesterday' },
    });
    expect(keyedIssues(badDay)).toEqual([
      { path: 'from', message: 'validation.date' },
      { path: 'to', message: 'validation.required' },
    ]);

    const support = await loggedInOperator(ctx(), 'support');
    const credits = await callAdmin(ctx(), '/admin/api/members/1/credits', {
      method: 'POST',
      cookie: support.cookie,
      body: { amount: 1.5, reason: 'x'.repeat(300) },
    });
    expect(keyedIssues(credits)).toEqual([
      { path: 'amount', message: 'validation.integer' },
      { path: 'reason', message: 'validation.too_long' },
    ]);

    const moderator = await loggedInOperator(ctx(), 'moderator');
    const reject = await callAdmin(ctx(), '/admin/api/photos/1/reject', {
      method: 'POST',
      cookie: moderator.cookie,
      body: { reason: 'other' },
    });
    expect(keyedIssues(reject)).toEqual([{ path: 'note', message: 'validation.required' }]);
  });
});
