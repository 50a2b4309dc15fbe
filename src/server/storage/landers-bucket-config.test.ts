import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

describe('LANDERS_S3_* (docs/architecture.md §3 Landers on a CDN)', () => {
  it('names the landers bucket apart from the uploads storage', () => {
    const config = loadConfig({
      LANDERS_S3_URL: 'http://127.0.0.1:9000',
      LANDERS_S3_BUCKET: 'amora-landers',
      LANDERS_S3_ACCESS_KEY_ID: 'key',
      LANDERS_S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toBeNull();
    expect(config.landersS3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'amora-landers',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(loadConfig({}).landersS3).toBeNull();
  });

  it('refuses an incomplete setting, naming the variable with its prefix', () => {
    expect(() => loadConfig({ LANDERS_S3_BUCKET: 'amora-landers' })).toThrow(/LANDERS_S3_BUCKET: needs LANDERS_S3_URL/);
    expect(() => loadConfig({ LANDERS_S3_URL: 'http://127.0.0.1:9000/path', LANDERS_S3_BUCKET: 'b' })).toThrow(
      /LANDERS_S3_URL: must be an http\(s\) URL without a path/,
    );
  });
});
