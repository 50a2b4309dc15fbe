/**
 * The S3_* variables of `loadConfig` (docs/architecture.md §5 S3-compatible storage): which
 * combinations are refused and how (the variable named, the secret never repeated), and the
 * region and addressing chosen for AWS and other endpoints. No network calls.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('S3_* variables of loadConfig', () => {
  const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYsecretKEY';
  /** The ConfigError `loadConfig` throws for `env`, checked to be one. */
  const refusal = (env: Record<string, string>): ConfigError => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return error as ConfigError;
    }
    throw new Error(`loadConfig accepted ${JSON.stringify(Object.keys(env))}`);
  };
  const names = (error: ConfigError) => error.problems.map((problem) => problem.split(':')[0]);

  it('refuses S3_URL without S3_BUCKET and the other way round, naming the variable', () => {
    const noBucket = refusal({ S3_URL: 'http://127.0.0.1:9000' });
    expect(names(noBucket)).toEqual(['S3_URL']);
    expect(noBucket.problems[0]).toContain('S3_BUCKET');
    expect(noBucket.message).toContain('S3_URL: needs S3_BUCKET');
    const noUrl = refusal({ S3_BUCKET: 'amora-media' });
    expect(names(noUrl)).toEqual(['S3_BUCKET']);
    expect(noUrl.problems[0]).toContain('S3_URL');
  });

  it('refuses one key without the other and never repeats the secret', () => {
    const base = { S3_URL: 'https://s3.eu-central-1.amazonaws.com', S3_BUCKET: 'amora-media' };
    expect(names(refusal({ ...base, S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }))).toEqual(['S3_SECRET_ACCESS_KEY']);
    const cases: Record<string, string>[] = [
      { ...base, S3_SECRET_ACCESS_KEY: SECRET },
      { S3_SECRET_ACCESS_KEY: SECRET },
      { ...base, S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: `${SECRET} with spaces` },
      { ...base, S3_URL: 'http://127.0.0.1:9000/amora', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: SECRET },
      { S3_URL: `http://AKIAEXAMPLE:${encodeURIComponent(SECRET)}@127.0.0.1:9000`, S3_BUCKET: 'amora-media' },
      { S3_URL: `http://AKIAEXAMPLE:${encodeURIComponent(SECRET)}@:9000`, S3_BUCKET: 'amora-media' },
    ];
    const expectedNames = [
      ['S3_ACCESS_KEY_ID'],
      ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID'],
      ['S3_SECRET_ACCESS_KEY'],
      ['S3_URL'],
      ['S3_URL'],
      ['S3_URL'],
    ];
    for (const [index, env] of cases.entries()) {
      const error = refusal(env);
      expect(names(error), JSON.stringify(Object.keys(env))).toEqual(expectedNames[index]);
      for (const text of [error.message, ...error.problems, String(error.stack)]) {
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain(encodeURIComponent(SECRET));
        expect(text).not.toContain('secretKEY');
      }
    }
  });

  it('refuses an S3_URL with a path, a query or another scheme', () => {
    for (const url of [
      'http://127.0.0.1:9000/amora-media',
      'https://s3.eu-central-1.amazonaws.com/amora-media/',
      'http://127.0.0.1:9000/?x=1',
      'ftp://127.0.0.1:9000',
      // Not URLs at all: a ConfigError naming S3_URL too, not a bare TypeError from `new URL`.
      '127.0.0.1:9000',
      'http://',
    ]) {
      expect(names(refusal({ S3_URL: url, S3_BUCKET: 'amora-media' })), url).toEqual(['S3_URL']);
    }
    expect(names(refusal({ S3_URL: 'http://127.0.0.1:9000', S3_BUCKET: 'Amora_Media' }))).toEqual(['S3_BUCKET']);
  });

  it('refuses the other S3_* variables without S3_URL and S3_BUCKET; none at all is local disk', () => {
    expect(names(refusal({ S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: '1' }))).toEqual([
      'S3_REGION',
      'S3_FORCE_PATH_STYLE',
    ]);
    expect(loadConfig({}).s3).toBeNull();
  });

  it('reads a self-hosted endpoint with path-style URLs and static keys', () => {
    const config = loadConfig({
      S3_URL: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'amora-media',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: SECRET,
    });
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'amora-media',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: SECRET },
    });
  });

  it("takes the region from an AWS endpoint's host, virtual-hosted URLs and the SDK's credential chain", () => {
    expect(loadConfig({ S3_URL: 'https://s3.eu-central-1.amazonaws.com', S3_BUCKET: 'amora-media' }).s3).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'amora-media',
      region: 'eu-central-1',
      forcePathStyle: false,
      credentials: null,
    });
    const dashed = loadConfig({ S3_URL: 'https://s3-eu-west-1.amazonaws.com', S3_BUCKET: 'amora-media' }).s3!;
    expect([dashed.region, dashed.forcePathStyle]).toEqual(['eu-west-1', false]);
    const chosen = loadConfig({
      S3_URL: 'https://s3.eu-central-1.amazonaws.com',
      S3_BUCKET: 'amora-media',
      S3_REGION: 'eu-west-3',
      S3_FORCE_PATH_STYLE: '1',
    }).s3!;
    expect([chosen.region, chosen.forcePathStyle]).toEqual(['eu-west-3', true]);
    const hosted = loadConfig({
      S3_URL: 'https://fsn1.your-objectstorage.com',
      S3_BUCKET: 'amora-media',
      S3_FORCE_PATH_STYLE: '0',
    }).s3!;
    expect([hosted.region, hosted.forcePathStyle]).toEqual(['us-east-1', false]);
  });
});
