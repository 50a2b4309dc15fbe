import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to PGlite under ./data', () => {
    const config = loadConfig({}, '/srv/amora');
    expect(config.dataDir).toBe('/srv/amora/data');
    expect(config.databaseUrl).toBe('file:/srv/amora/data/db');
    expect(config.port).toBe(4321);
  });
  it('honours PORT, HOST, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/tmp/x', DATABASE_URL: 'memory://' });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: '/tmp/x', databaseUrl: 'memory://' });
  });
  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SEED_MEMBERS: '-1' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SEED_MEMBERS');
    }
  });
  it('uses Mollie only when MOLLIE_API_KEY is set, at Mollie unless MOLLIE_API_URL says otherwise', () => {
    expect(loadConfig({}).payments.mollie).toBeNull();
    expect(loadConfig({ MOLLIE_API_URL: 'https://127.0.0.1:9443/v2/' }).payments.mollie).toBeNull();
    const key = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
    expect(loadConfig({ MOLLIE_API_KEY: key }).payments.mollie).toEqual({
      apiKey: key,
      apiEndpoint: 'https://api.mollie.com/v2/',
    });
    expect(
      loadConfig({
        MOLLIE_API_KEY: 'live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
        MOLLIE_API_URL: 'https://127.0.0.1:9443/v2/',
      }).payments.mollie,
    ).toEqual({ apiKey: 'live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', apiEndpoint: 'https://127.0.0.1:9443/v2/' });
  });
  it('refuses a malformed Mollie key without repeating it, and a non-HTTPS Mollie URL', () => {
    for (const [env, variable] of [
      [{ MOLLIE_API_KEY: 'sk_live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM' }, 'MOLLIE_API_KEY'],
      [{ MOLLIE_API_KEY: 'test_short' }, 'MOLLIE_API_KEY'],
      [
        { MOLLIE_API_KEY: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', MOLLIE_API_URL: 'http://127.0.0.1:9000/v2/' },
        'MOLLIE_API_URL',
      ],
      [{ MOLLIE_API_KEY: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM', MOLLIE_API_URL: 'api.mollie.com' }, 'MOLLIE_API_URL'],
    ] as const) {
      try {
        loadConfig(env);
        expect.unreachable(variable);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).problems).toEqual([expect.stringMatching(new RegExp(`^${variable}: `))]);
        expect((error as Error).message).not.toContain(env.MOLLIE_API_KEY);
      }
    }
  });
});

describe('getConfig', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });
  it('reads process.env once and keeps that configuration', async () => {
    vi.resetModules();
    vi.stubEnv('PORT', '5555');
    const { getConfig } = await import('./config');
    const first = getConfig();
    expect(first.port).toBe(5555);
    vi.stubEnv('PORT', '6666');
    expect(getConfig()).toBe(first);
  });
  it('keeps nothing when the environment is invalid, so a corrected one is read', async () => {
    vi.resetModules();
    vi.stubEnv('PORT', 'abc');
    const fresh = await import('./config');
    expect(() => fresh.getConfig()).toThrow(fresh.ConfigError);
    vi.stubEnv('PORT', '7777');
    expect(fresh.getConfig().port).toBe(7777);
  });
});

describe('TRUST_PROXY and PUSH_ENDPOINT_DOMAINS', () => {
  it('trusts no proxy by default or with 0', () => {
    expect(loadConfig({})).toMatchObject({ trustProxy: false, trustedProxies: [] });
    expect(loadConfig({ TRUST_PROXY: '0' })).toMatchObject({ trustProxy: false, trustedProxies: [] });
  });

  it('reads a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,2001:db8::/32' })).toMatchObject({
      trustProxy: true,
      trustedProxies: ['127.0.0.1', '10.0.0.0/8', '::1', '2001:db8::/32'],
    });
  });

  it('refuses anything that is not an address or range, naming the variable', () => {
    for (const value of ['1', 'true', 'proxy.internal', '10.0.0.0/33', '10.0.0.0/8,nope']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be 0 or a comma-separated list/);
    }
  });

  it('reads push endpoint domains in lower case and refuses non-domains', () => {
    expect(loadConfig({}).pushEndpointDomains).toEqual([]);
    expect(
      loadConfig({ PUSH_ENDPOINT_DOMAINS: 'FCM.googleapis.com, push.services.mozilla.com' }).pushEndpointDomains,
    ).toEqual(['fcm.googleapis.com', 'push.services.mozilla.com']);
    for (const value of ['*.notify.windows.com', 'https://fcm.googleapis.com', 'bad_domain.com']) {
      expect(() => loadConfig({ PUSH_ENDPOINT_DOMAINS: value })).toThrow(
        /PUSH_ENDPOINT_DOMAINS: must be a comma-separated/,
      );
    }
  });
});

describe('abuse limits: reports, upload bytes, decode concurrency', () => {
  it('defaults to 10 reports an hour, 50 MB of uploads a day and 1–2 decodes at once', () => {
    const config = loadConfig({});
    expect(config.rateLimits.reportsPerHour).toBe(10);
    expect(config.photos.uploadBytesPerDay).toBe(50 * 1024 * 1024);
    expect([1, 2]).toContain(config.photos.decodeConcurrency);
  });

  it('honours RATE_LIMIT_REPORTS_PER_HOUR, RATE_LIMIT_EMAIL_CHECKS_PER_10_MIN, UPLOAD_MB_PER_MEMBER_PER_DAY and IMAGE_DECODE_CONCURRENCY', () => {
    expect(loadConfig({}).rateLimits.emailChecksPer10Min).toBe(60);
    const config = loadConfig({
      RATE_LIMIT_REPORTS_PER_HOUR: '3',
      RATE_LIMIT_EMAIL_CHECKS_PER_10_MIN: '500',
      UPLOAD_MB_PER_MEMBER_PER_DAY: '200',
      IMAGE_DECODE_CONCURRENCY: '4',
    });
    expect(config.rateLimits.reportsPerHour).toBe(3);
    expect(config.rateLimits.emailChecksPer10Min).toBe(500);
    expect(config.photos).toEqual({ uploadBytesPerDay: 200 * 1024 * 1024, decodeConcurrency: 4 });
  });

  it('refuses values outside their range, naming the variable', () => {
    for (const [name, value] of [
      ['RATE_LIMIT_REPORTS_PER_HOUR', '0'],
      ['RATE_LIMIT_EMAIL_CHECKS_PER_10_MIN', '0'],
      ['UPLOAD_MB_PER_MEMBER_PER_DAY', '2001'],
      ['IMAGE_DECODE_CONCURRENCY', '0'],
      ['IMAGE_DECODE_CONCURRENCY', 'many'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
    }
  });
});

describe('photo screening (docs/product.md §13 Screening)', () => {
  it('is on by default, off with PHOTO_SCREENING=off, and refuses other values', () => {
    expect(loadConfig({}).photoScreening).toBe(true);
    expect(loadConfig({ PHOTO_SCREENING: 'on' }).photoScreening).toBe(true);
    expect(loadConfig({ PHOTO_SCREENING: 'off' }).photoScreening).toBe(false);
    expect(() => loadConfig({ PHOTO_SCREENING: 'no' })).toThrow(/PHOTO_SCREENING/);
  });
});
