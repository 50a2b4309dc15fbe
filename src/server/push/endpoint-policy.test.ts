import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { checkEndpointUrl, checkPushEndpoint, pushEndpointPolicy, type PushEndpointPolicy } from './endpoint-policy';

const open: PushEndpointPolicy = { allowLoopback: false, domains: [] };
const known: PushEndpointPolicy = {
  allowLoopback: false,
  domains: ['fcm.googleapis.com', 'push.services.mozilla.com'],
};
/** A resolver that answers every name with these addresses and records what it was asked. */
function resolvesTo(...addresses: string[]) {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    return addresses;
  };
  return Object.assign(resolve, { asked });
}

describe('checkPushEndpoint (docs/product.md §7 push endpoints)', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts an https push service whose every address is public', async () => {
    const resolve = resolvesTo('142.250.74.10', '2a00:1450:4001:82b::200a');
    expect(await checkPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', open, resolve)).toBe(true);
    expect(resolve.asked).toEqual(['fcm.googleapis.com']);
  });

  it.each([
    ['private', ['10.0.0.5']],
    ['private among public', ['142.250.74.10', '192.168.0.10']],
    ['IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['unspecified', ['0.0.0.0']],
    ['unspecified v6', ['::']],
    ['link-local metadata', ['169.254.169.254']],
    ['carrier-grade NAT', ['100.64.1.1']],
    ['unique local', ['fd12:3456::1']],
    ['multicast', ['224.0.0.251']],
    ['no address at all', []],
  ])('refuses a name that resolves to %s', async (_label, addresses) => {
    expect(await checkPushEndpoint('https://push.example.net/x', open, resolvesTo(...addresses))).toBe(false);
  });

  it.each([
    'https://10.1.2.3/x',
    'https://172.16.0.1/x',
    'https://192.168.1.1/x',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/x',
    'https://[fe80::1]/x',
    'https://[fd00::1]/x',
    'https://224.0.0.1/x',
    'https://[::127.0.0.1]/x',
    'https://[64:ff9b::7f00:1]/x',
    'https://[::ffff:a00:1]/x',
  ])('refuses the address literal of %s without resolving anything', async (endpoint) => {
    const resolve = resolvesTo('142.250.74.10');
    expect(await checkPushEndpoint(endpoint, open, resolve)).toBe(false);
    expect(resolve.asked).toEqual([]);
  });

  it('accepts a public address literal without resolving it', async () => {
    const resolve = resolvesTo('10.0.0.1');
    expect(await checkPushEndpoint('https://142.250.74.10/x', open, resolve)).toBe(true);
    expect(resolve.asked).toEqual([]);
  });

  it('refuses non-https URLs, credentials and garbage', async () => {
    const resolve = resolvesTo('142.250.74.10');
    for (const endpoint of [
      'http://fcm.googleapis.com/x',
      'ftp://fcm.googleapis.com/x',
      'https://u:p@fcm.googleapis.com/x',
      'nope',
    ]) {
      expect(await checkPushEndpoint(endpoint, open, resolve)).toBe(false);
    }
  });

  it('refuses when resolving fails or hangs past 5 s', async () => {
    const failing = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await checkPushEndpoint('https://push.example.net/x', open, failing)).toBe(false);
    vi.useFakeTimers();
    const pending = checkPushEndpoint('https://push.example.net/x', open, () => new Promise<string[]>(() => {}));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await pending).toBe(false);
  });

  it('with PUSH_ENDPOINT_DOMAINS admits only those domains and their subdomains', async () => {
    const resolve = resolvesTo('142.250.74.10');
    expect(await checkPushEndpoint('https://fcm.googleapis.com/fcm/send/a', known, resolve)).toBe(true);
    expect(await checkPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/a', known, resolve)).toBe(true);
    expect(await checkPushEndpoint('https://FCM.googleapis.com./fcm/send/a', known, resolve)).toBe(true);
    expect(resolve.asked).toEqual(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'fcm.googleapis.com']);
    for (const endpoint of [
      'https://evilfcm.googleapis.com.example/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notfcm.googleapis.com/x',
      'https://googleapis.com/x',
      'https://142.250.74.10/x',
    ]) {
      expect(await checkPushEndpoint(endpoint, known, resolve)).toBe(false);
    }
    expect(resolve.asked).toHaveLength(3);
    // Being on the list does not excuse a private address.
    expect(await checkPushEndpoint('https://fcm.googleapis.com/x', known, resolvesTo('10.0.0.1'))).toBe(false);
  });

  it('behind the test switch admits loopback, and only loopback', async () => {
    const tests: PushEndpointPolicy = { allowLoopback: true, domains: [] };
    expect(await checkPushEndpoint('https://127.0.0.1:9000/x', tests)).toBe(true);
    expect(await checkPushEndpoint('https://[::1]:9000/x', tests)).toBe(true);
    expect(await checkPushEndpoint('https://push.example.net/x', tests, resolvesTo('127.0.0.1', '::1'))).toBe(true);
    expect(await checkPushEndpoint('https://push.example.net/x', tests, resolvesTo('10.0.0.1'))).toBe(false);
    expect(await checkPushEndpoint('https://0.0.0.0:9000/x', tests)).toBe(false);
    expect(await checkPushEndpoint('https://[::]:9000/x', tests)).toBe(false);
  });
});

describe('checkEndpointUrl', () => {
  it('names the host to resolve, null for an allowed literal, false when refused', () => {
    expect(checkEndpointUrl('https://fcm.googleapis.com/x', open)).toBe('fcm.googleapis.com');
    expect(checkEndpointUrl('https://142.250.74.10/x', open)).toBeNull();
    expect(checkEndpointUrl('https://[::ffff:7f00:1]/x', open)).toBe(false);
    expect(checkEndpointUrl('https://127.0.0.1/x', { allowLoopback: true, domains: ['fcm.googleapis.com'] })).toBe(
      false,
    );
  });
});

describe('pushEndpointPolicy', () => {
  it('reads PUSH_ALLOW_INSECURE_ENDPOINTS and PUSH_ENDPOINT_DOMAINS', () => {
    expect(pushEndpointPolicy(loadConfig({}))).toEqual({ allowLoopback: false, domains: [] });
    expect(
      pushEndpointPolicy(
        loadConfig({
          PUSH_ALLOW_INSECURE_ENDPOINTS: '1',
          PUSH_ENDPOINT_DOMAINS: 'FCM.googleapis.com, web.push.apple.com',
        }),
      ),
    ).toEqual({ allowLoopback: true, domains: ['fcm.googleapis.com', 'web.push.apple.com'] });
  });
});
