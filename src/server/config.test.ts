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
