import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log/logger';
import { createHttpGifProvider } from './http-provider';
import { LOCALE_TAGS, LOCALES } from '~/shared/locales';
import { GIF_LOCALES, OFFLINE_GIFS } from './offline-gifs';
import { createOfflineGifProvider } from './offline-provider';

describe('built-in GIF set (GIFs)', () => {
  const offline = createOfflineGifProvider();

  it('covers the GIF-service locale of every app locale', () => {
    expect([...GIF_LOCALES]).toEqual(LOCALES.map((locale) => LOCALE_TAGS[locale].gif));
  });

  it('has both files of every GIF, small enough for a chat', () => {
    for (const gif of OFFLINE_GIFS) {
      for (const [file, limit] of [
        [`${gif.id}.gif`, 64_000],
        [`${gif.id}-preview.gif`, 24_000],
      ] as const) {
        const bytes = fs.readFileSync(path.join('public/gifs', file));
        expect(bytes.subarray(0, 6).toString('latin1'), file).toBe('GIF89a');
        expect(bytes.length, file).toBeLessThan(limit);
      }
    }
  });

  it('lists the whole set for an empty query and finds words of the locale, accents ignored', async () => {
    expect(await offline.search('', 'en_US', 100)).toHaveLength(OFFLINE_GIFS.length);
    expect((await offline.search('', 'en_US', 5)).length).toBe(5);
    const love = await offline.search('liefde', 'nl_NL', 24);
    expect(love.map((gif) => gif.id)).toContain('offline:heart-beat');
    expect(love[0]!.title).toBe('Kloppend hart');
    expect((await offline.search('coeur', 'fr_FR', 24)).map((gif) => gif.id)).toContain('offline:heart-beat');
    // English words also work in every locale; unknown words find nothing.
    expect((await offline.search('coffee', 'pl_PL', 24)).map((gif) => gif.id)).toEqual(['offline:coffee']);
    expect(await offline.search('zzqx', 'de_DE', 24)).toEqual([]);
  });

  it('resolves only its own ids, with the title in the asked locale', async () => {
    expect(await offline.get('offline:kiss', 'de_DE')).toMatchObject({
      url: '/gifs/kiss.gif',
      preview: '/gifs/kiss-preview.gif',
      width: 240,
      height: 180,
    });
    expect(await offline.get('offline:nope', 'en_US')).toBeNull();
    expect(await offline.get('kiss', 'en_US')).toBeNull();
  });
});

describe('HTTP GIF provider (Tenor v2 API shape)', () => {
  const calls: URL[] = [];
  let mode: 'ok' | 'down' | 'malformed' = 'ok';
  const result = (id: string, title: string) => ({
    id,
    title: '',
    content_description: title,
    media_formats: {
      gif: { url: `https://media.example.test/${id}.gif`, dims: [996, 498] },
      tinygif: { url: `https://media.example.test/${id}-tiny.gif`, dims: [220, 110] },
    },
  });
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    calls.push(url);
    if (mode === 'down') return void response.writeHead(503).end();
    response.setHeader('content-type', 'application/json');
    if (mode === 'malformed')
      return void response.end(
        JSON.stringify({
          results: [{ id: '1', media_formats: { gif: { url: 'javascript:alert(1)', dims: [1, 1] } } }],
        }),
      );
    if (url.pathname === '/v2/posts')
      return void response.end(JSON.stringify({ results: [result(url.searchParams.get('ids')!, 'Resolved')] }));
    response.end(
      JSON.stringify({
        results: [result('111', `${url.pathname} ${url.searchParams.get('q') ?? ''}`.trim()), result('222', 'Second')],
      }),
    );
  });
  let provider: ReturnType<typeof createHttpGifProvider>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    provider = createHttpGifProvider({
      apiUrl: `http://127.0.0.1:${port}/v2`,
      apiKey: 'test-key-123',
      fallback: createOfflineGifProvider(),
      log: createLogger('silent'),
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('searches with the key and the GIF-service locale, scales media and caches answers', async () => {
    const gifs = await provider.search('hug', 'it_IT', 24);
    expect(gifs[0]).toEqual({
      id: '111',
      url: 'https://media.example.test/111.gif',
      preview: 'https://media.example.test/111-tiny.gif',
      width: 498,
      height: 249,
      title: '/v2/search hug',
    });
    const call = calls.at(-1)!;
    expect(call.pathname).toBe('/v2/search');
    expect(Object.fromEntries(call.searchParams)).toMatchObject({
      q: 'hug',
      locale: 'it_IT',
      limit: '24',
      key: 'test-key-123',
    });
    await provider.search('hug', 'it_IT', 24);
    expect(calls.filter((c) => c.searchParams.get('q') === 'hug')).toHaveLength(1);
    expect((await provider.search('', 'en_US', 24))[0]!.title).toBe('/v2/featured');
  });

  it('resolves ids it served from memory, others through /posts, and refuses odd ids', async () => {
    const before = calls.length;
    expect((await provider.get('222', 'en_US'))?.title).toBe('Second');
    expect(calls.length).toBe(before);
    expect((await provider.get('999', 'en_US'))?.title).toBe('Resolved');
    expect(calls.at(-1)!.pathname).toBe('/v2/posts');
    expect(await provider.get('../etc', 'en_US')).toBeNull();
    expect((await provider.get('offline:ok', 'en_US'))?.url).toBe('/gifs/ok.gif');
  });

  it('falls back to the built-in set when the service is down or answers nonsense', async () => {
    mode = 'down';
    expect((await provider.search('liebe', 'de_DE', 24)).map((gif) => gif.id)).toContain('offline:heart-beat');
    mode = 'malformed';
    expect((await provider.search('kuss', 'de_DE', 24)).map((gif) => gif.id)).toEqual(['offline:kiss']);
    expect(await provider.get('777', 'en_US')).toBeNull();
    mode = 'ok';
  });
});
