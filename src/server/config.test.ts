import { describe, expect, it } from 'vitest';
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
