import { describe, expect, it } from 'vitest';
import { ALL } from '../../src/pages/api/[...path]';
import { ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';

useTestContext();

describe('unknown /api/* paths', () => {
  it.each([
    ['GET', '/api/nothing.php'],
    ['GET', '/api/a/b/c.php'],
    ['POST', '/api/nothing.php'],
    ['PUT', '/api/nothing'],
    ['DELETE', '/api/xcams/unknown.php'],
  ])('%s %s answers the API’s JSON 404 not_found', async (method, path) => {
    const request = new Request(new URL(path, ORIGIN), {
      method,
      headers: { 'package-name': 'amora', origin: ORIGIN, 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : '{}',
    });
    const response = await ALL({ request, clientAddress: '203.0.113.7' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'errors.not_found' } });
  });

  it('answers without the package-name header too (no page machinery involved)', async () => {
    const response = await ALL({ request: new Request(new URL('/api/nothing.php', ORIGIN)), clientAddress: 'unknown' });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });
});
