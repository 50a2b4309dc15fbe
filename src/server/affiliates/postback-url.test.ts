import { describe, expect, it } from 'vitest';
import { centsToDecimal, maskPostbackUrl, renderPostbackUrl } from './postback-url';

describe('postback URLs (docs/product.md §12)', () => {
  it('fills every macro URL-encoded, an absent value as empty', () => {
    expect(
      renderPostbackUrl('https://t.example/pb?cid={click_id}&s1={sub1}&a={amount}&v={variant}', {
        click_id: 'a b&c=d',
        sub1: 'ü/?#',
        variant: 'spring:b',
      }),
    ).toBe('https://t.example/pb?cid=a%20b%26c%3Dd&s1=%C3%BC%2F%3F%23&a=&v=spring%3Ab');
  });

  it('cannot be steered into another host or parameter by a value', () => {
    const url = new URL(
      renderPostbackUrl('https://t.example/pb?cid={click_id}', { click_id: 'x&token=evil#@other.example' }),
    );
    expect(url.host).toBe('t.example');
    expect([...url.searchParams.keys()]).toEqual(['cid']);
    expect(url.searchParams.get('cid')).toBe('x&token=evil#@other.example');
  });

  it('masks every query value for logs', () => {
    expect(maskPostbackUrl('https://t.example/pb/x?cid=abc&token=s3cret&e=signup')).toBe(
      'https://t.example/pb/x?cid=***&token=***&e=***',
    );
    expect(maskPostbackUrl('https://user:pw@t.example/pb')).toBe('https://t.example/pb');
    expect(maskPostbackUrl('not a url')).toBe('[unparsable url]');
  });

  it('writes cents as a decimal amount', () => {
    expect([0, 5, 150, 1999, 100000, -250].map(centsToDecimal)).toEqual([
      '0.00',
      '0.05',
      '1.50',
      '19.99',
      '1000.00',
      '-2.50',
    ]);
  });
});
