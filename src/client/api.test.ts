import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineContract, noParams } from '~/shared/contracts/define';

vi.mock('./boot', () => ({ readBoot: () => ({ packageName: 'amora' }) }));
const { ApiError, callApi } = await import('./api');

const contract = defineContract({
  method: 'GET',
  path: '/api/x.php',
  auth: 'visitor',
  query: noParams,
  body: z.undefined(),
  response: z.object({ ok: z.literal(true) }),
  errors: [],
});

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
    const call = callApi(contract, { signal: controller.signal, quiet: true });
    setTimeout(() => controller.abort(), 10);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('still reports a malformed answer as errors.internal', async () => {
    vi.stubGlobal('window', { location: { origin: 'http://localhost', host: 'localhost' } });
    vi.stubGlobal('fetch', async () => new Response('not json', { status: 200 }));
    const error = await callApi(contract, { quiet: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).message).toBe('errors.internal');
  });
});
