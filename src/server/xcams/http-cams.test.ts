import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log/logger';
import { createHttpCamProvider } from './http-cams';

describe('HTTP webcam feed (XCAMS_FEED_URL, docs/product.md §6)', () => {
  const calls: URL[] = [];
  let answer: unknown = null;
  let status = 200;
  const cam = (account: string, url: string | null = `https://partner.example.test/room/${account}`) => ({
    account,
    name: 'Lena',
    age: 27,
    gender: 'female',
    image: 'https://cdn.example.test/lena.jpg',
    live: true,
    viewers: 12,
    url,
  });
  const server = http.createServer((request, response) => {
    calls.push(new URL(request.url ?? '/', 'http://localhost'));
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  });
  let feedUrl = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks with the search filters, validates the answer and caches it per query', async () => {
    const provider = createHttpCamProvider(feedUrl, createLogger('silent'));
    answer = { cams: [cam('lena_1'), cam('mia_2', null)] };
    const cams = await provider.search({ gender: 'female', min_age: 25, max_age: 35 });
    expect(cams.map((c) => [c.account, c.url, c.imageIsLocal])).toEqual([
      ['lena_1', 'https://partner.example.test/room/lena_1', false],
      ['mia_2', null, false],
    ]);
    expect(Object.fromEntries(calls.at(-1)!.searchParams)).toEqual({ gender: 'female', min_age: '25', max_age: '35' });
    const before = calls.length;
    await provider.search({ gender: 'female', min_age: 25, max_age: 35 });
    expect(calls.length).toBe(before);
    // find() looks in what the feed listed: a room it never listed is no redirect target.
    expect((await provider.find('lena_1'))?.url).toBe('https://partner.example.test/room/lena_1');
    expect(await provider.find('someone_else')).toBeNull();
  });

  it('fails on a feed that is down or answers nonsense, so the grid shows members only', async () => {
    const provider = createHttpCamProvider(feedUrl, createLogger('silent'));
    status = 503;
    await expect(provider.search({})).rejects.toThrow('cam feed answered 503');
    status = 200;
    answer = { cams: [{ ...cam('x'), url: 'javascript:alert(1)' }] };
    await expect(provider.search({ gender: 'male' })).rejects.toThrow('malformed');
    answer = { cams: [{ ...cam('bad account/../x') }] };
    await expect(provider.search({ min_age: 40 })).rejects.toThrow('malformed');
  });
});
