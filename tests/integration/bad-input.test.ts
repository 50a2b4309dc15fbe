import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { loginEndpoint } from '../../src/server/http/endpoints/login';
import { searchEndpoint } from '../../src/server/http/endpoints/search';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';

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
