import { afterEach, describe, expect, it, vi } from 'vitest';

import * as routes from '~/shared/contracts/routes';

vi.mock('./boot', () => ({ readBoot: () => ({ packageName: 'amora' }) }));
const { ApiError, callApi } = await import('./api');

/** A 200 answer whose body never finishes until the request's signal aborts. */
function slowBody(signal: AbortSignal): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"ok":'));
      signal.addEventListener('abort', () =>
        controller.error(new DOMException('The operation was aborted.', 'AbortError')),
      );
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('callApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports an abort while the body arrives as an abort, not as a broken answer', async () => {
    vi.stubGlobal('window', { location: { origin: 'http://localhost', host: 'localhost' } });
    vi.stubGlobal('fetch', async (_url: URL, init: RequestInit) => slowBody(init.signal!));
    const controller = new AbortController();
    const call = callApi(routes.settings, { signal: controller.signal, quiet: true });
    setTimeout(() => controller.abort(), 10);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('still reports a malformed answer as errors.internal', async () => {
    vi.stubGlobal('window', { location: { origin: 'http://localhost', host: 'localhost' } });
    vi.stubGlobal('fetch', async () => new Response('not json', { status: 200 }));
    const error = await callApi(routes.settings, { quiet: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).message).toBe('errors.internal');
  });

  it('calls the operation at its route, with its selector, query and the required headers', async () => {
    vi.stubGlobal('window', { location: { origin: 'http://localhost', host: 'localhost' } });
    const seen: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
      seen.push({ url: url.href, init });
      return Response.json({ ok: true });
    });
    await expect(
      callApi(routes.changePassword, { body: { currentPassword: 'a', newPassword: 'b' }, quiet: true }),
    ).resolves.toEqual({ ok: true });
    expect(seen[0]!.url).toBe('http://localhost/api/password.php?action=change');
    expect(seen[0]!.init.method).toBe('POST');
    expect(seen[0]!.init.headers).toMatchObject({ 'package-name': 'amora', 'content-type': 'application/json' });
    expect(seen[0]!.init.body).toBe('{"currentPassword":"a","newPassword":"b"}');
    await callApi(routes.search, { query: { page: 2, gender: undefined }, quiet: true });
    expect(seen[1]!.url).toBe('http://localhost/api/search.php?page=2');
  });

  it('reports an error answer with its code, message and issues', async () => {
    vi.stubGlobal('window', { location: { origin: 'http://localhost', host: 'localhost' } });
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'validation_failed', message: 'validation.email', issues: [] } }, { status: 422 }),
    );
    await expect(callApi(routes.login, { body: { email: 'x', password: 'y' }, quiet: true })).rejects.toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'validation.email',
    });
  });
});
