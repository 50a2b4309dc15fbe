import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe('describeUserAgent (docs/product.md §10 Sessions)', () => {
  it('names browser, system and kind of device', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'Android', kind: 'mobile' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', os: 'iOS', kind: 'mobile' });
    expect(
      describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toMatchObject({ browser: 'Firefox', os: 'Windows', kind: 'desktop' });
  });

  it('gives nulls for a missing or unknown user agent', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, kind: null });
    expect(describeUserAgent('  ')).toEqual({ browser: null, os: null, kind: null });
    expect(describeUserAgent('x')).toEqual({ browser: null, os: null, kind: null });
  });
});
