import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  blocks,
  conversationMembers,
  likes,
  memberEvents,
  messages,
  profiles,
  reports,
  users,
} from '../../src/server/db/schema';
import { chatEndpoint } from '../../src/server/http/endpoints/chat';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { searchEndpoint } from '../../src/server/http/endpoints/search';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { badInputCases } from '../corpus/bad-input';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();

const post = (options: Parameters<typeof callApi>[3]) =>
  callApi(ctx(), userEndpoint, '/api/user.php', { method: 'POST', query: { new: 1 }, ...options });

describe('every endpoint answers bad input with a 4xx and writes nothing', () => {
  it('requires the package-name header', async () => {
    const { status, json } = await callApi(ctx(), searchEndpoint, '/api/search.php', { packageName: null });
    expect(status).toBe(400);
    expect(json.error.code).toBe('missing_package_name');
  });

  it('refuses an unknown site', async () => {
    const { status, json } = await callApi(ctx(), searchEndpoint, '/api/search.php', { packageName: 'nope' });
    expect(status).toBe(400);
    expect(json.error.code).toBe('unknown_site');
  });

  it('refuses a state-changing call from another origin', async () => {
    const { status, json } = await post({
      body: { email: 'a@example.com' },
      headers: { origin: 'https://evil.example' },
    });
    expect(status).toBe(403);
    expect(json.error.code).toBe('forbidden_origin');
  });

  it('answers malformed JSON', async () => {
    const { status, json } = await post({ rawBody: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(status).toBe(400);
    expect(json.error.code).toBe('invalid_json');
  });

  it('answers a non-JSON content type', async () => {
    const { status } = await post({
      rawBody: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(status).toBe(415);
  });

  it('answers missing fields and wrong types with their issues', async () => {
    const { status, json } = await post({ body: { email: 42, password: '' } });
    expect(status).toBe(422);
    expect(json.error.code).toBe('validation_failed');
    const paths = json.error.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'name', 'password', 'language']));
  });

  it('answers unknown body fields', async () => {
    const { status, json } = await callApi(ctx(), loginEndpoint, '/api/login.php', {
      method: 'POST',
      body: { email: 'a@example.com', password: 'x', admin: true },
    });
    expect(status).toBe(422);
    expect(json.error.issues).toContainEqual({ path: '', message: 'errors.unknown_field' });
  });

  it('answers an oversize body with 413', async () => {
    const big = JSON.stringify({ email: 'a@example.com', name: 'x'.repeat(1024 * 1024 + 10) });
    const { status, json } = await post({ rawBody: big, headers: { 'content-type': 'application/json' } });
    expect(status).toBe(413);
    expect(json.error.code).toBe('payload_too_large');
  });

  it('answers unknown query parameters', async () => {
    const { status, json } = await callApi(ctx(), searchEndpoint, '/api/search.php', { query: { colour: 'red' } });
    expect(status).toBe(400);
    expect(json.error.code).toBe('unknown_parameter');
  });

  it('answers bad query values', async () => {
    const queries: Record<string, string | number>[] = [
      { min_age: 'abc' },
      { page: 0 },
      { gender: 'robot' },
      { countryregion: 'NH' },
      { min_age: 40, max_age: 30 },
    ];
    for (const query of queries) {
      const { status, json } = await callApi(ctx(), searchEndpoint, '/api/search.php', { query });
      expect(status, JSON.stringify(query)).toBe(422);
      expect(json.error.code).toBe('validation_failed');
    }
  });

  it('answers an unsupported method with 405', async () => {
    const { status, response } = await callApi(ctx(), searchEndpoint, '/api/search.php', {
      method: 'DELETE',
      body: {},
    });
    expect(status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });

  it('left no rows behind', async () => {
    await post({ body: { email: 'x@example.com', name: 'X' } });
    expect(await ctx().db.select().from(users)).toHaveLength(0);
  });
});

/** Everything the corpus' calls could write: row counts, the member's profile and chat membership. */
async function writtenState() {
  const db = ctx().db;
  const counted = await Promise.all(
    [users, messages, likes, blocks, reports, memberEvents].map(
      async (table) => (await db.select({ n: count() }).from(table))[0]!.n,
    ),
  );
  return { counted, profiles: await db.select().from(profiles), chats: await db.select().from(conversationMembers) };
}

describe('text that cannot be stored and ids past 2³¹ (docs/product.md §5 Generic)', () => {
  it('answers each with 422 and the field issue, and writes nothing', async () => {
    const anna = await loggedInMember(ctx(), 'Anna', { country: 'NL' });
    const ben = await loggedInMember(ctx(), 'Ben', { country: 'NL' });
    const started = await callApi(ctx(), chatEndpoint, '/api/chat.php', {
      cookie: anna.cookie,
      query: { profile: ben.id },
    });
    const cases = badInputCases({ other: ben.id, conversation: started.json.id });
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const before = await writtenState();
    for (const each of cases) {
      const { status, json } = await callApi(ctx(), each.operations, each.path, {
        method: each.method,
        query: each.query,
        body: each.body,
        cookie: each.member ? anna.cookie : undefined,
      });
      expect(status, each.name).toBe(422);
      expect(json.error.code, each.name).toBe('validation_failed');
      expect(json.error.issues, each.name).toContainEqual(each.issue);
    }
    expect(await writtenState()).toEqual(before);
  });
});
